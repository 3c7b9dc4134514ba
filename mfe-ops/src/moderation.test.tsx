import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, ErrorCode, type StoryContent } from 'shared-kit';
import { operationOf } from './components/OperationFields';
import { renderConsoleAt, useConsoleTests } from '../test/console';
import * as moderation from './services/moderation.service';
import * as service from './services/ops.service';
import { findReadyTable } from '../test/tables';

jest.mock('./services/ops.service');
jest.mock('./services/moderation.service');
const ops = jest.mocked(service);
const mod = jest.mocked(moderation);

useConsoleTests();

const admin = { uid: 'op', nickname: 'Operator', permissions: ['reviewer', 'moderator', 'content_operator', 'admin'] };
const operators = [
  { uid: 'op', nickname: 'Operator', username: 'operator', is_operator: true, permissions: ['admin'] },
  { uid: 'u2', nickname: 'Rita', username: 'rita', is_operator: true, permissions: ['reviewer'] },
];

describe('mfe-ops permissions', () => {
  it('shows the permissions page in the nav to admins only', async () => {
    mod.fetchMe.mockResolvedValue({ ...admin, permissions: ['reviewer'] });
    const { unmount } = renderConsoleAt('/ops');
    await screen.findByText('No items to review');
    await waitFor(() => expect(mod.fetchMe).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Permissions' })).toBeNull();
    unmount();
    mod.fetchMe.mockResolvedValue(admin);
    renderConsoleAt('/ops');
    expect((await screen.findByRole('link', { name: 'Permissions' })).getAttribute('href')).toBe('/ops/permissions');
  });

  it('lists operators with their permissions, grants by User ID and revokes', async () => {
    mod.fetchMe.mockResolvedValue(admin);
    mod.fetchOperators.mockResolvedValue({ list: operators });
    mod.updatePermission.mockResolvedValue(operators[1]!);
    renderConsoleAt('/ops/permissions');
    const table = await findReadyTable('Operators');
    expect(table.textContent).toContain('Rita (rita)');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Reviewer from Rita' }));
    await waitFor(() => expect(mod.updatePermission).toHaveBeenCalledWith('u2', 'reviewer', false));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Permission revoked.');
    fireEvent.change(screen.getByRole('textbox', { name: 'User ID or uid' }), { target: { value: 'sam' } });
    mod.updatePermission.mockRejectedValueOnce(new ApiError(ErrorCode.UserNotExist));
    fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(mod.updatePermission).toHaveBeenLastCalledWith('sam', 'reviewer', true));
    expect(await screen.findByText('No account with that User ID or uid.')).toBeTruthy();
  });
});

describe('mfe-ops decision with operation status and visibility', () => {
  it('sends only the values the operator changed', () => {
    expect(operationOf({ op: 'unchanged', tag: 'unchanged' })).toEqual({});
    expect(operationOf({ op: 'NotRecommend', tag: 'none' })).toEqual({ op_status: 'NotRecommend', visibility: null });
    expect(operationOf({ op: 'unchanged', tag: 'Recommended' })).toEqual({ visibility: 'Recommended' });
  });

  it('shows both selects on the review page', async () => {
    mod.fetchMe.mockResolvedValue(admin);
    ops.claimStory.mockResolvedValue({
      story_id: 's1',
      version_id: 'v1',
      status: 25,
      locked_until: '2026-11-25T10:10:00.000Z',
      content: { story_name: 'Tide', introduction: '', characters: [], nodes: [], player: { character_name: '', settings: '' }, prologue: { character_id: '', content: '' }, summary: '' } as unknown as StoryContent,
      review_result: null,
      review_notes: [],
    });
    renderConsoleAt('/ops/review/s1');
    expect(await screen.findByRole('combobox', { name: 'Operation status' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Visibility tag' }).textContent).toContain('Leave as it is');
  });
});

const reportCase = {
  case_id: 'c1',
  target_type: 'story',
  target_id: '42',
  target_name: 'The Quarry',
  owner_uid: 'u9',
  story_id: '42',
  count: 2,
  reasons: [
    { reason: 'Violence', count: 1 },
    { reason: 'Sexual', count: 1 },
  ],
  status: 'Open',
  first_at: '2026-11-25T10:00:00.000Z',
  last_at: '2026-11-25T10:05:00.000Z',
  resolution: null,
};

describe('mfe-ops reports', () => {
  it('lists report items with their count and reasons, and shows the Reports link to moderators', async () => {
    mod.fetchMe.mockResolvedValue(admin);
    mod.fetchReportQueue.mockResolvedValue({ list: [reportCase], has_more: false, next_offset: 1 });
    renderConsoleAt('/ops/reports');
    const table = await findReadyTable('Reported content');
    expect(table.textContent).toContain('Violence (1), Sexual content (1)');
    expect(screen.getByTestId('report-count').textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Open The Quarry' }).getAttribute('href')).toBe('/ops/reports/c1');
    expect(mod.fetchReportQueue).toHaveBeenCalledWith('count');
    expect(await screen.findByRole('link', { name: 'Reports' })).toBeTruthy();
  });

  it('opens an item: the story as players see it, each report, and resolves it', async () => {
    mod.fetchMe.mockResolvedValue(admin);
    mod.fetchReportQueue.mockResolvedValue({ list: [], has_more: false, next_offset: 0 });
    mod.fetchReportCase.mockResolvedValue({
      case: reportCase,
      target: { exists: true, title: 'The Quarry', text: 'A quarry at night.', image: '', author: { uid: 'u9', nickname: 'Rowan' }, parts: [{ label: '#1 The Rim', text: 'You reach the rim.' }], link: '/play/story/42' },
      reports: [{ report_id: 'r1', reporter_uid: 'p1', reason: 'Violence', content: ['chapters'], details: 'Graphic', created_at: '2026-11-25T10:00:00.000Z' }],
    });
    mod.resolveReport.mockResolvedValue({ case: { ...reportCase, status: 'Resolved' }, notified: 2 });
    renderConsoleAt('/ops/reports/c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Report: The Quarry' })).toBeTruthy();
    expect(screen.getByText('By Rowan')).toBeTruthy();
    expect(screen.getByText('Violence: chapters')).toBeTruthy();
    expect(screen.getByText('Graphic')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Note for the log and the author' }), { target: { value: 'Fine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(mod.resolveReport).toHaveBeenCalledWith('c1', { action: 'NoAction', note: 'Fine' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
  });

  it('tells the operator when another one resolved the item first', async () => {
    mod.fetchMe.mockResolvedValue(admin);
    mod.fetchReportCase.mockResolvedValue({ case: reportCase, target: { exists: false, title: '', text: '', image: '', author: null, parts: [], link: '' }, reports: [] });
    mod.resolveReport.mockRejectedValue(new ApiError(ErrorCode.DuplicateOperation));
    renderConsoleAt('/ops/reports/c1');
    expect(await screen.findByText('This content no longer exists or is already offline.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Another operator resolved this item.')).toBeTruthy();
  });
});
