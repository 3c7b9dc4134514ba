import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpsStats } from 'shared-kit';
import { renderConsoleAt, useConsoleTests } from '../test/console';
import * as consoleApi from './services/console.service';

jest.mock('./services/console.service');
jest.mock('./services/ops.service');
jest.mock('./services/moderation.service');
const api = jest.mocked(consoleApi);

useConsoleTests(['reviewer', 'moderator', 'content_operator', 'admin']);

const days = (fill: (i: number) => Partial<OpsStats['queues']['review']['days'][number]>) =>
  Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    size: 0,
    entered: 0,
    decided: 0,
    median_ms: null,
    ...fill(i),
  }));

const stats: OpsStats = {
  from: '2026-11-01',
  to: '2026-11-30',
  queues: {
    review: { now: 2, days: days((i) => ({ size: i === 29 ? 2 : 0, decided: i === 28 ? 1 : 0, median_ms: i === 28 ? 5_400_000 : null })) },
    report: { now: 1, days: days((i) => ({ size: i >= 20 ? 1 : 0 })) },
    appeal: { now: 0, days: days(() => ({})) },
  },
  operators: [{ uid: 'op', nickname: 'Operator', review: 1, report: 2, appeal: 0, total: 3 }],
  reasons: [
    { reason: 'Spam', count: 3 },
    { reason: 'Violence', count: 1 },
  ],
};

describe('mfe-ops dashboard', () => {
  it('is the first link of the console and draws each figure with a table for screen readers', async () => {
    api.fetchStats.mockResolvedValue(stats);
    renderConsoleAt('/ops/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Console' }, { timeout: 5000 });
    expect(within(nav).getAllByRole('link')[0]!.textContent).toBe('Dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('now-review').textContent).toBe('2');
    expect(screen.getByTestId('now-report').textContent).toBe('1');
    const sizes = screen.getByRole('table', { name: 'Queue sizes at the end of each day' });
    expect(within(sizes).getAllByRole('row')).toHaveLength(31);
    expect(within(sizes).getByRole('row', { name: /2026-11-30/ }).textContent).toBe('2026-11-30210');
    const median = screen.getByRole('table', { name: 'Median time to a decision (hours)' });
    expect(within(median).getByRole('row', { name: /2026-11-29/ }).textContent).toContain('1.5 h');
    const operators = screen.getByRole('table', { name: 'Decisions per operator' });
    expect(within(operators).getByRole('row', { name: /^Operator 1/ }).textContent).toBe('Operator1203');
    const reasons = screen.getByRole('table', { name: 'Reports by reason' });
    expect(within(reasons).getByRole('row', { name: /Spam/ }).textContent).toBe('Spam3');
    // Each chart is one picture to a screen reader, pointing at its table.
    await waitFor(() => expect(screen.getAllByRole('img', { name: /the table below gives the same figures/ })).toHaveLength(4), { timeout: 5000 });
  });

  it('says when nothing happened, and offers a retry when the figures fail', async () => {
    api.fetchStats.mockRejectedValueOnce(new Error('down'));
    renderConsoleAt('/ops/dashboard');
    expect(await screen.findByText('The figures could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    const quiet = { ...stats, operators: [], reasons: [], queues: { review: { now: 0, days: days(() => ({})) }, report: { now: 0, days: days(() => ({})) }, appeal: { now: 0, days: days(() => ({})) } } };
    api.fetchStats.mockResolvedValueOnce(quiet);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing happened in the queues in the last 30 days.')).toBeTruthy();
  });
});

describe('mfe-ops mail', () => {
  it('mails one account and pushes to everyone online, saying what was sent', async () => {
    api.sendMail.mockResolvedValue({ mail_id: 'm1', sent: 1, unknown: [] });
    api.sendPush.mockResolvedValue({ push_id: 'p1', push_type: 'Others', accounts: null, unknown: [] });
    renderConsoleAt('/ops/mail');
    const mailForm = await screen.findByRole('region', { name: 'Mail to the inbox' }, { timeout: 5000 });
    fireEvent.change(within(mailForm).getByLabelText('User ID or uid'), { target: { value: 'player_one' } });
    fireEvent.change(within(mailForm).getByLabelText('Title'), { target: { value: 'Hello' } });
    fireEvent.change(within(mailForm).getByLabelText(/^Text/), { target: { value: 'Welcome aboard.' } });
    fireEvent.click(within(mailForm).getByRole('button', { name: 'Send mail' }));
    await waitFor(() => expect(api.sendMail).toHaveBeenCalledWith({ to: 'user', users: ['player_one'], title: 'Hello', text: 'Welcome aboard.' }));
    expect(await within(mailForm).findByText('Mail sent to 1 account.')).toBeTruthy();

    const pushForm = screen.getByRole('region', { name: 'Push to people online' });
    expect(within(pushForm).getByRole('button', { name: 'Send push' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(pushForm).getByLabelText('User ID or uid'), { target: { value: 'player_one' } });
    fireEvent.change(within(pushForm).getByLabelText('Title'), { target: { value: 'Tonight' } });
    fireEvent.change(within(pushForm).getByLabelText(/^Text/), { target: { value: 'A new story is out.' } });
    fireEvent.change(within(pushForm).getByLabelText(/^Link/), { target: { value: '/play' } });
    fireEvent.click(within(pushForm).getByRole('button', { name: 'Send push' }));
    await waitFor(() =>
      expect(api.sendPush).toHaveBeenCalledWith({ to: 'user', users: ['player_one'], title: 'Tonight', text: 'A new story is out.', link: '/play', push_type: 'Others' }),
    );
  });

  it('says why a send failed', async () => {
    api.sendMail.mockRejectedValue(new Error('No such account'));
    renderConsoleAt('/ops/mail');
    const mailForm = await screen.findByRole('region', { name: 'Mail to the inbox' }, { timeout: 5000 });
    fireEvent.change(within(mailForm).getByLabelText('User ID or uid'), { target: { value: 'x' } });
    fireEvent.change(within(mailForm).getByLabelText('Title'), { target: { value: 'Hello' } });
    fireEvent.change(within(mailForm).getByLabelText(/^Text/), { target: { value: 'Hi' } });
    fireEvent.click(within(mailForm).getByRole('button', { name: 'Send mail' }));
    expect((await within(mailForm).findByRole('alert')).textContent).toBe('Sending failed: No such account');
  });
});
