import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { OpsPermission } from 'shared-kit';
import { i18n } from 'ui-kit';
import App from './App';
import { visibleGroups } from './frame/nav';
import { WAITING_POLL_MS } from './frame/useWaiting';
import { OPS_NS } from './i18n';
import * as consoleService from './services/console.service';
import * as moderation from './services/moderation.service';
import * as ops from './services/ops.service';

jest.mock('./services/console.service');
jest.mock('./services/moderation.service');
jest.mock('./services/ops.service');
const stats = jest.mocked(consoleService);

const pending = <T,>(): Promise<T> => new Promise<T>(() => undefined);

beforeAll(async () => {
  await i18n.loadNamespaces(OPS_NS);
});
beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(ops).fetchQueue.mockImplementation(pending);
  jest.mocked(consoleService).fetchStats.mockImplementation(pending);
  jest.mocked(moderation).fetchReportQueue.mockImplementation(pending);
});

const paths = (held: string[] | null) => visibleGroups(held).map((g) => [g.id, g.items.map((i) => i.path)]);

describe("the console's navigation, filtered by the operator's permissions", () => {
  it('groups the pages by work and shows each only to those holding its permission', () => {
    expect(paths([OpsPermission.Reviewer])).toEqual([
      ['queues', ['']],
      ['insight', ['dashboard']],
    ]);
    expect(paths([OpsPermission.Moderator])).toEqual([
      ['queues', ['reports', 'appeals']],
      ['people', ['users']],
      ['insight', ['dashboard']],
    ]);
    expect(paths([OpsPermission.ContentOperator])).toEqual([
      ['content', ['home', 'template-whitelist', 'mail', 'feedback']],
      ['insight', ['dashboard']],
    ]);
  });

  it('gives an admin every page, and shows only the open pages while the permissions load', () => {
    expect(paths([OpsPermission.Admin])).toEqual([
      ['queues', ['', 'reports', 'appeals']],
      ['people', ['users', 'permissions', 'orders']],
      ['content', ['home', 'template-whitelist', 'mail', 'feedback']],
      ['insight', ['dashboard', 'audit']],
    ]);
    expect(paths(null)).toEqual([['insight', ['dashboard']]]);
    expect(paths(['unknown'])).toEqual([['insight', ['dashboard']]]);
  });

  it('renders the groups as labelled lists, marks the current page and counts what waits, live', async () => {
    jest.useFakeTimers();
    try {
      jest.mocked(moderation).fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Op', permissions: ['reviewer', 'moderator'] });
      stats.fetchWaiting.mockResolvedValueOnce({ review: 2, report: 0, appeal: 1 }).mockResolvedValue({ review: 5, report: 1, appeal: 1 });
      render(
        <MemoryRouter initialEntries={['/ops/reports']}>
          <Routes>
            <Route path="/ops/*" element={<App />} />
          </Routes>
        </MemoryRouter>,
      );
      const nav = await screen.findByRole('navigation', { name: 'Console' });
      const queues = await within(nav).findByRole('list', { name: 'Queues' });
      expect(within(nav).getByRole('list', { name: 'People' })).toBeTruthy();
      expect(within(nav).queryByRole('list', { name: 'Content' })).toBeNull();
      expect(within(nav).queryByRole('link', { name: /Permissions/ })).toBeNull();
      expect(within(nav).queryByRole('link', { name: /Audit log/ })).toBeNull();
      expect(within(queues).getByRole('link', { name: /^Reports/ }).getAttribute('aria-current')).toBe('page');
      expect(within(queues).getByRole('link', { name: /^Review queue/ }).getAttribute('aria-current')).toBeNull();
      // The badges: a queue with nothing waiting shows none.
      expect(await within(queues).findByRole('link', { name: 'Review queue 2 waiting' })).toBeTruthy();
      expect(within(queues).getByRole('link', { name: 'Appeals 1 waiting' })).toBeTruthy();
      expect(within(queues).getByRole('link', { name: 'Reports' })).toBeTruthy();
      // Half a minute later the counts are read again.
      await act(async () => {
        jest.advanceTimersByTime(WAITING_POLL_MS);
      });
      expect(await within(queues).findByRole('link', { name: 'Review queue 5 waiting' })).toBeTruthy();
      expect(within(queues).getByRole('link', { name: 'Reports 1 waiting' })).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('folds behind a menu button that says whether it is open', async () => {
    jest.mocked(moderation).fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Op', permissions: ['reviewer'] });
    stats.fetchWaiting.mockImplementation(pending);
    render(
      <MemoryRouter initialEntries={['/ops']}>
        <Routes>
          <Route path="/ops/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    const toggle = await screen.findByRole('button', { name: 'Console menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.getAttribute('aria-label')).toBe('Console');
  });
});
