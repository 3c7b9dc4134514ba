import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, ErrorCode, type OpsQueueItem, type StoryContent } from 'shared-kit';
import { i18n } from 'ui-kit';
import { OPS_NS } from './i18n';
import { refused, renderConsoleAt, summaryRefused } from '../test/console';
import * as service from './services/ops.service';
import * as moderation from './services/moderation.service';
import { findReadyTable } from '../test/tables';

jest.mock('./services/ops.service');
jest.mock('./services/moderation.service');
const api = jest.mocked(service);

beforeAll(async () => {
  await i18n.loadNamespaces(OPS_NS);
});
beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(moderation).fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions: ['reviewer'] });
});

const renderAt = (path: string) => renderConsoleAt(path, { showPath: true });
const result = summaryRefused('Contains words that are not allowed');
const content = {
  story_gen_type: 'UserDefined',
  story_name: 'The Lighthouse',
  introduction: 'A storm.',
  characters: [{ character_id: 'c1', character_name: 'Mira', settings: 'Keeper.', style: '', type: 'NPC' }],
  player: { character_name: 'Alex', settings: '' },
  prologue: { character_id: 'c1', content: 'Welcome.' },
  nodes: [{ node_id: 'n1', name: 'Arrival', content: 'You arrive.', ending_content: 'Find her.' }],
  summary: 'A zorblax sleeps.',
} as unknown as StoryContent;
const item = (over: Partial<OpsQueueItem> = {}): OpsQueueItem => ({
  story_id: 's1',
  uid: 'u1',
  version_id: 'v1',
  story_name: 'The Lighthouse',
  status: 25,
  review_result: result,
  review_notes: [],
  claimed_by: null,
  locked_until: null,
  updated_at: '2026-11-25T10:00:00.000Z',
  ...over,
});
const claimed = { story_id: 's1', version_id: 'v1', status: 25, locked_until: '2026-11-25T10:10:00.000Z', content, review_result: result, review_notes: [] };

describe('mfe-ops review queue', () => {
  it('shows loading, then the stories with their status and flagged field count', async () => {
    api.fetchQueue.mockResolvedValue({ list: [item()] });
    renderAt('/ops');
    expect(await screen.findByRole('heading', { level: 1, name: 'Review queue' })).toBeTruthy();
    const table = await findReadyTable('Review queue');
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Story', 'Status', 'Flagged fields', 'Claimed by', 'Submitted']);
    expect(table.querySelector('tbody tr')?.textContent).toContain('Failed');
    expect(screen.getByRole('link', { name: 'Review: The Lighthouse' }).getAttribute('href')).toBe('/ops/review/s1');
    expect(table.querySelectorAll('tbody td')[1]?.textContent).toBe('1');
  });

  it("dates the queue's stories in the UI language's format", async () => {
    api.fetchQueue.mockResolvedValue({ list: [item()] });
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(OPS_NS);
    try {
      renderAt('/ops');
      const table = await findReadyTable('审核队列');
      expect(table.querySelectorAll('tbody td')[3]?.textContent).toMatch(/^2026年11月25日/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says so when the queue is empty, and offers a retry when it fails', async () => {
    api.fetchQueue.mockRejectedValueOnce(new ApiError(ErrorCode.Internal)).mockResolvedValueOnce({ list: [] });
    renderAt('/ops');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No items to review')).toBeTruthy();
    // A newcomer learns why the queue is empty and where players' reports and creators' appeals are.
    expect(screen.getByText(/wait here when the automated review flags them/).textContent).toContain('Reports');
  });
});

describe('mfe-ops story review', () => {
  it('claims the story and shows its fields with the automated flags', async () => {
    api.claimStory.mockResolvedValue(claimed);
    renderAt('/ops/review/s1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Review: The Lighthouse' })).toBeTruthy();
    expect(api.claimStory).toHaveBeenCalledWith('s1');
    expect(screen.getByRole('note').textContent).toBe('Flagged: Contains words that are not allowed');
    expect(screen.getByText('A zorblax sleeps.').closest('[data-flagged]')?.getAttribute('data-field')).toBe('summary');
    expect(screen.getByRole('textbox', { name: 'Reason for Chapter 1: content' })).toBeTruthy();
  });

  it("says the automated review's reason in the console's language; any other reason as written", async () => {
    const words = { ...result, summary: refused('Contains words that are not allowed, please edit and try again'), introduction: refused('Sexual content is not allowed') };
    api.claimStory.mockResolvedValue({ ...claimed, review_result: words });
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(OPS_NS);
    try {
      renderAt('/ops/review/s1');
      await screen.findByRole('heading', { level: 1, name: '审核：The Lighthouse' });
      expect(screen.getAllByRole('note').map((n) => n.textContent)).toEqual(expect.arrayContaining(['已标记：包含不允许使用的词语，请修改后重试', '已标记：不允许色情内容']));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('rejects only with a reason, sends the per-field reasons, then moves to the next story', async () => {
    api.claimStory.mockResolvedValue(claimed);
    api.decideStory.mockResolvedValue({ story_id: 's1', status: 25 });
    api.fetchQueue.mockResolvedValue({ list: [item(), item({ story_id: 's2', story_name: 'Two' })] });
    renderAt('/ops/review/s1');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('status').textContent).toBe('Give a reason for at least one field to reject.');
    expect(api.decideStory).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason for Summary' }), { target: { value: 'Not allowed here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/ops/review/s2'));
    expect(api.decideStory).toHaveBeenCalledWith('s1', 'Failed', [{ field: 'summary', reason: 'Not allowed here' }], '', {});
  });

  it('approves with the A key, but not while typing a reason', async () => {
    api.claimStory.mockResolvedValue(claimed);
    api.decideStory.mockResolvedValue({ story_id: 's1', status: 20 });
    api.fetchQueue.mockResolvedValue({ list: [] });
    renderAt('/ops/review/s1');
    const field = await screen.findByRole('textbox', { name: 'Reason for Summary' });
    fireEvent.keyDown(field, { key: 'a' });
    expect(api.decideStory).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(window, { key: 'a' });
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/ops'));
    expect(api.decideStory).toHaveBeenCalledWith('s1', 'Passed', [], '', {});
  });

  it('tells the operator when another one holds the story', async () => {
    api.claimStory.mockRejectedValue(new ApiError(ErrorCode.BusinessError));
    renderAt('/ops/review/s1');
    expect((await screen.findByRole('alert')).textContent).toBe('Another operator is reviewing this story.');
  });
});

describe('mfe-ops audit log', () => {
  it('lists operator actions and searches them', async () => {
    api.fetchAudit.mockResolvedValue({
      list: [
        { audit_id: 'a1', operator_uid: 'op', action: 'review.decide', target_type: 'story', target_id: 's1', before: null, after: null, reason: 'summary: Not allowed', at: '2026-11-25T10:00:00.000Z' },
      ],
      has_more: false,
      cursor: 'a1',
    });
    renderAt('/ops/audit');
    const table = await findReadyTable('Operator actions');
    expect(table.textContent).toContain('review.decide');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search reasons and targets' }), { target: { value: 'allowed' } });
    await waitFor(() => expect(api.fetchAudit).toHaveBeenLastCalledWith('allowed', undefined, { action: '', operator_uid: '', target_id: '' }));
    // The filters combine with the search.
    fireEvent.change(screen.getByRole('textbox', { name: 'Operator uid' }), { target: { value: 'op' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Target id' }), { target: { value: 's1' } });
    await waitFor(() => expect(api.fetchAudit).toHaveBeenLastCalledWith('allowed', undefined, { action: '', operator_uid: 'op', target_id: 's1' }));
    // The action filter (a list box) is driven in the browser: e2e/tests/ops-dashboard.spec.ts.
    expect(screen.getByRole('combobox', { name: 'Action' }).textContent).toContain('Any action');
  });
});
