import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, type OpsStoryVersion, type OpsUserRow, type StoryAppeal } from 'shared-kit';
import { i18n } from 'ui-kit';
import { OPS_NS } from './i18n';
import { renderConsoleAt, summaryRefused, useConsoleTests } from '../test/console';
import * as service from './services/ops.service';
import * as sanctions from './services/sanction.service';

jest.mock('./services/ops.service');
jest.mock('./services/moderation.service');
jest.mock('./services/sanction.service');
const ops = jest.mocked(service);
const api = jest.mocked(sanctions);

useConsoleTests(['admin', 'moderator', 'reviewer', 'content_operator']);

const renderAt = (path: string) => renderConsoleAt(path, { showPath: true });
const result = summaryRefused('Names a creature that is not allowed');
const sam: OpsUserRow = {
  uid: 'u1',
  nickname: 'Sam',
  username: 'sam',
  phone: null,
  avatar: '',
  roles: ['user'],
  ban_status: 'Normal',
  login_until: null,
  creation_until: null,
  created_at: null,
};
const appeal: StoryAppeal = {
  appeal_id: 'ap1',
  kind: 'Story',
  story_id: 'st1',
  version_id: 'v1',
  uid: 'u1',
  story_name: 'Harbour lights',
  text: 'Zorblax is my own word',
  reasons: ['summary: Names a creature that is not allowed'],
  status: 'Pending',
  at: '2030-01-02T00:00:00.000Z',
  decided_at: null,
  decided_by: '',
  reason: '',
};
const judged = (over: Partial<OpsStoryVersion> = {}): OpsStoryVersion => ({
  story_id: 'st1',
  version_id: 'v1',
  uid: 'u1',
  user: sam,
  status: 25,
  content: {
    story_name: 'Harbour lights',
    logo: '/api/media/0123456789abcdef01234567',
    introduction: 'Boats at night.',
    characters: [{ character_id: 'c1', character_name: 'Mira', settings: 'Keeper.', style: '', type: 'NPC', character_url: '/api/editor/art/mira.png' }],
    player: { character_name: 'Alex', settings: '' },
    prologue: { character_id: 'c1', content: 'Welcome aboard.' },
    nodes: [{ node_id: 'n1', name: 'Arrival', content: 'You arrive.', ending_content: 'Find her.', background_url: '' }],
    summary: 'A zorblax sleeps.',
  },
  review_result: result,
  review_notes: [],
  created_at: '2030-01-01T00:00:00.000Z',
  story: { status: 25, version_id: 'v1', live_version_id: null, deleted: false, updated_at: '2030-01-01T00:00:00.000Z' },
  edited_since: false,
  decision: {
    operator_uid: 'op',
    operator_nickname: 'Operator',
    status: 25,
    reasons: [{ field: 'summary', reason: 'Names a creature that is not allowed' }],
    reason: 'summary: Names a creature that is not allowed',
    at: '2030-01-01T12:00:00.000Z',
  },
  appeal,
  ...over,
});

describe('mfe-ops: a story version as judged, read only, with its appeal', () => {
  it('is reached from the appeal row, and shows the story, the rejected field, the decision and the appeal', async () => {
    api.fetchAppeals.mockResolvedValue({ list: [{ ...appeal, user: sam }] });
    api.fetchStoryVersion.mockResolvedValue(judged());
    renderAt('/ops/appeals');
    const item = await screen.findByRole('article', { name: 'Story appeal: Harbour lights' });
    fireEvent.click(within(item).getByRole('link', { name: 'Open Harbour lights as judged' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour lights, as judged' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/ops/story/st1/v1');
    expect(api.fetchStoryVersion).toHaveBeenCalledWith('st1', 'v1');
    // Read only: nothing is claimed.
    expect(ops.claimStory).not.toHaveBeenCalled();
    const summary = screen.getByText('A zorblax sleeps.').closest('article')!;
    expect(summary.getAttribute('data-field')).toBe('summary');
    expect(within(summary).getByRole('note').textContent).toBe('Rejected: Names a creature that is not allowed');
    expect(screen.getByText('Welcome aboard.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Chapter 1: content' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mira: picture' }).getAttribute('src')).toBe('/api/editor/art/mira.png');
    expect(screen.getByRole('img', { name: 'Cover of Harbour lights' })).toBeTruthy();
    expect(screen.getByText(/Failed by Operator on/)).toBeTruthy();
    expect(screen.getByText('The creator has not edited the story since.')).toBeTruthy();
    expect(screen.getByText('Zorblax is my own word')).toBeTruthy();
    expect(screen.getByText(/^Waiting for a decision/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sam' }).getAttribute('href')).toBe('/ops/users/u1');
  });

  it('approves by key only with a reason, then shows the appeal approved', async () => {
    api.fetchStoryVersion.mockResolvedValueOnce(judged());
    api.decideStoryAppeal.mockResolvedValue({ ...appeal, status: 'Approved' });
    api.fetchStoryVersion.mockResolvedValueOnce(
      judged({ status: 20, appeal: { ...appeal, status: 'Approved', decided_at: '2030-01-03T00:00:00.000Z', reason: 'Invented words are fine' } }),
    );
    renderAt('/ops/story/st1/v1');
    await screen.findByRole('heading', { level: 1, name: 'Harbour lights, as judged' });
    // The decision panel shows its keys: A approve, R reject, N the next appeal.
    const keys = screen.getByText('Keyboard shortcuts');
    expect(keys.nextElementSibling?.textContent).toBe('AApproveRRejectNNext appeal');
    fireEvent.keyDown(window, { key: 'a' });
    expect(await screen.findByText('Give a reason for the decision first.')).toBeTruthy();
    expect(api.decideStoryAppeal).not.toHaveBeenCalled();
    const box = screen.getByRole('textbox', { name: 'Reason for the decision' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'Invented words are fine' } });
    // Typing in the box is not a shortcut.
    fireEvent.keyDown(box, { key: 'r' });
    expect(api.decideStoryAppeal).not.toHaveBeenCalled();
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(window, { key: 'A' });
    await waitFor(() => expect(api.decideStoryAppeal).toHaveBeenCalledWith('ap1', 'Approved', 'Invented words are fine'));
    expect(await screen.findByText('Appeal approved: the story is live.')).toBeTruthy();
    expect(await screen.findByText(/^Approved \(appealed/)).toBeTruthy();
    expect(screen.getByText(/Invented words are fine$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve (the story goes live)' })).toBeNull();
  });

  it('rejects with the button; N opens the next story appeal', async () => {
    api.fetchStoryVersion.mockResolvedValue(judged());
    api.decideStoryAppeal.mockResolvedValue({ ...appeal, status: 'Rejected' });
    api.fetchAppeals.mockResolvedValue({ list: [{ ...appeal, user: sam }, { ...appeal, appeal_id: 'ap2', story_id: 'st2', version_id: 'v9', user: sam }] });
    renderAt('/ops/story/st1/v1');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Reason for the decision' }), { target: { value: 'Still not allowed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.decideStoryAppeal).toHaveBeenCalledWith('ap1', 'Rejected', 'Still not allowed'));
    expect(await screen.findByText('Appeal rejected: the story stays rejected.')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'n' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/ops/story/st2/v9'));
  });

  it('says when the creator edited since, when no operator decided and when there is no appeal', async () => {
    api.fetchStoryVersion.mockResolvedValue(
      judged({ edited_since: true, decision: null, appeal: null, story: { status: 1, version_id: 'v2', live_version_id: null, deleted: false, updated_at: null } }),
    );
    renderAt('/ops/story/st1/v1');
    expect(await screen.findByText('The creator has edited the story since: this is the version as judged, not the story as it is now.')).toBeTruthy();
    expect(screen.getByText('No operator decided on this version: only the automated review judged it.')).toBeTruthy();
    expect(screen.getByText('No appeal of this version.')).toBeTruthy();
    // Without an operator's decision the automated review's flags are shown.
    expect(screen.getByText('A zorblax sleeps.').closest('article')!.querySelector('[role="note"]')!.textContent).toBe('Rejected: Names a creature that is not allowed');
    expect(screen.queryByRole('textbox', { name: 'Reason for the decision' })).toBeNull();
  });

  it('shows loading, then an error with a retry, a missing version, and a refusal', async () => {
    let fail!: (e: unknown) => void;
    api.fetchStoryVersion.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject))).mockResolvedValueOnce(judged());
    const { unmount } = renderAt('/ops/story/st1/v1');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    fail(new ApiError(ErrorCode.Internal));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The story version could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('A zorblax sleeps.')).toBeTruthy();
    unmount();

    api.fetchStoryVersion.mockRejectedValueOnce(new ApiError(ErrorCode.RecordNotFound));
    const second = renderAt('/ops/story/st1/nope');
    expect((await screen.findByRole('alert')).textContent).toBe('This story version could not be found.');
    second.unmount();

    // An operator without the moderator permission (the api's 1008) is told why.
    api.fetchStoryVersion.mockRejectedValueOnce(new ApiError(ErrorCode.NoAccess));
    renderAt('/ops/story/st1/v1');
    expect((await screen.findByRole('alert')).textContent).toBe('Only operators with the moderator permission can open a story version and its appeal.');
  });

  it('speaks Chinese in zh-CN', async () => {
    api.fetchStoryVersion.mockResolvedValue(judged());
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(OPS_NS);
    try {
      renderAt('/ops/story/st1/v1');
      expect(await screen.findByRole('heading', { level: 1, name: 'Harbour lights（审核时版本）' })).toBeTruthy();
      expect(screen.getByText('驳回理由：Names a creature that is not allowed')).toBeTruthy();
      expect(screen.getByRole('button', { name: '下一条申诉' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("leads from the audit log's story decisions to the version they judged", async () => {
    ops.fetchAudit.mockResolvedValue({
      list: [
        { audit_id: 'a1', operator_uid: 'op', action: 'review.decide', target_type: 'story', target_id: 'st1', before: null, after: { status: 25, version_id: 'v1' }, reason: 'x', at: '2030-01-01T12:00:00.000Z' },
        { audit_id: 'a2', operator_uid: 'op', action: 'review.claim', target_type: 'story', target_id: 'st3', before: null, after: { locked_until: '2030-01-01T12:10:00.000Z' }, reason: '', at: '2030-01-01T12:00:00.000Z' },
      ],
      has_more: false,
      cursor: '',
    });
    renderAt('/ops/audit');
    expect((await screen.findByRole('link', { name: 'st1' })).getAttribute('href')).toBe('/ops/story/st1/v1');
    expect(screen.queryByRole('link', { name: 'st3' })).toBeNull();
    expect(screen.getByText('st3')).toBeTruthy();
  });
});
