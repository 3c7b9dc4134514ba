import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from 'ui-kit';
import App from './App';
import { OPS_NS } from './i18n';
import * as consoleService from './services/console.service';
import * as moderation from './services/moderation.service';
import * as ops from './services/ops.service';
import * as sanction from './services/sanction.service';
import * as template from './services/template.service';
import * as topic from './services/topic.service';

jest.mock('./services/console.service');
jest.mock('./services/moderation.service');
jest.mock('./services/ops.service');
jest.mock('./services/sanction.service');
jest.mock('./services/template.service');
jest.mock('./services/topic.service');

/** Every page's list stays loading: the test is about names, which the page shows before its data. */
const pending = <T,>(): Promise<T> => new Promise<T>(() => undefined);

beforeAll(async () => {
  await i18n.loadNamespaces(OPS_NS);
});
beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(moderation).fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions: ['reviewer', 'moderator', 'content_operator', 'admin'] });
  jest.mocked(moderation).fetchOperators.mockImplementation(pending);
  jest.mocked(moderation).fetchReportQueue.mockImplementation(pending);
  jest.mocked(ops).fetchQueue.mockImplementation(pending);
  jest.mocked(ops).fetchAudit.mockImplementation(pending);
  jest.mocked(consoleService).fetchStats.mockImplementation(pending);
  jest.mocked(sanction).searchUsers.mockImplementation(pending);
  jest.mocked(sanction).fetchAppeals.mockImplementation(pending);
  jest.mocked(template).fetchTemplateWhiteList.mockImplementation(pending);
  jest.mocked(topic).fetchPlacements.mockImplementation(pending);
  document.title = 'Storyverse';
});
afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

async function everyPageIsNamedAlike(): Promise<string[]> {
  render(
    <MemoryRouter initialEntries={['/ops']}>
      <Routes>
        <Route path="/ops/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  const menu = await screen.findByRole('navigation');
  // The admin's menu: every page of the console.
  await within(menu).findByRole('link', { name: i18n.t(`${OPS_NS}:templates.nav`) });
  const names = within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
  for (const name of names) {
    fireEvent.click(within(menu).getByRole('link', { name }));
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    expect(document.title).toBe(`${name} · Storyverse`);
  }
  return names;
}

describe('the console names each page alike in its menu, its heading and the document title', () => {
  it('in English: the first page is the Review queue', async () => {
    const names = await everyPageIsNamedAlike();
    expect(names).toEqual(['Review queue', 'Reports', 'Appeals', 'Users', 'Permissions', 'Orders', 'Home content', 'Template whitelist', 'Mail and pushes', 'Feedback', 'Dashboard', 'Audit log']);
  });

  it('in Simplified Chinese: the first page is 审核队列', async () => {
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
      await i18n.loadNamespaces(OPS_NS);
    });
    const names = await everyPageIsNamedAlike();
    expect(names).toEqual(['审核队列', '举报', '申诉', '用户', '权限', '订单', '首页内容', '模板白名单', '站内信和推送', '用户反馈', '数据看板', '操作日志']);
  });
});
