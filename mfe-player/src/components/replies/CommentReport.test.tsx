import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError, CommentStatus, ErrorCode, resetStores, sessionStore, TeenMode } from 'shared-kit';
import { REPORT_CONTENT, REPORT_DETAILS_MAX, REPORT_REASONS } from 'shared-kit/areas';
import { i18n } from 'ui-kit';
import { PLAYER_NS } from '../../i18n';
import * as reportService from '../../services/report.service';
import { resetCommentsStore } from '../../stores/comments/store';
import { aComment } from '../../testing/fixtures';
import { installFakeShell } from '../../testing/render';
import { CommentItem } from '../community/CommentItem';

jest.mock('../../services/report.service');
jest.mock('../../services/community.service');
const reports = jest.mocked(reportService);

function signIn(uid: string): void {
  sessionStore.getState().setUser({ uid, biz_uid: uid, user_nick: 'Viewer', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
}

function show(comment = aComment('c1', { user: { uid: '7', nickname: 'Bea', username: 'bea', avatar: '' } })) {
  return render(
    <MemoryRouter>
      <ul>
        <CommentItem comment={comment} isCreator={false} />
      </ul>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await i18n.loadNamespaces(PLAYER_NS);
});
beforeEach(() => {
  jest.resetAllMocks();
  resetStores();
  resetCommentsStore();
  reports.reportConfig.mockResolvedValue({
    targets: [{ target_type: 'comment', reasons: [...REPORT_REASONS.comment], content: [...REPORT_CONTENT.comment] }],
    details_max: REPORT_DETAILS_MAX,
  });
});
afterEach(() => {
  delete (window as unknown as { __SHELL__?: unknown }).__SHELL__;
});

async function fileReport(dialog: HTMLElement): Promise<void> {
  await within(dialog).findByRole('combobox', { name: 'Reason' });
  fireEvent.change(dialog.querySelector('select') as HTMLSelectElement, { target: { value: REPORT_REASONS.comment[0] } });
  fireEvent.click(within(dialog).getAllByRole('checkbox')[0]!);
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
  });
}

describe('report entry on a comment', () => {
  it('reports another person\u2019s comment, as a comment, in the story page\u2019s dialog', async () => {
    signIn('8');
    reports.sendReport.mockResolvedValueOnce({ report_id: '1', status: 'Open' });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Report the comment by Bea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await fileReport(dialog);
    expect(reports.sendReport).toHaveBeenCalledWith('comment', 'c1', { reason: REPORT_REASONS.comment[0], content: [REPORT_CONTENT.comment[0]], details: '' });
  });

  it('on a reply too; a comment hidden by a block meanwhile is said to be gone', async () => {
    signIn('8');
    reports.sendReport.mockRejectedValueOnce(new ApiError(ErrorCode.CommentDeleted, 'Comment deleted'));
    show(aComment('r1', { root_id: 'c0', parent_id: 'c0', user: { uid: '9', nickname: 'Cal', username: 'cal', avatar: '' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Report the comment by Cal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await fileReport(dialog);
    expect(reports.sendReport).toHaveBeenCalledWith('comment', 'r1', expect.anything());
    expect(within(dialog).getByRole('status').textContent).toBe('This comment is no longer available to you.');
  });

  it('has no report entry on one\u2019s own comment', () => {
    signIn('7');
    show();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    expect(screen.getByText('Comment c1')).toBeTruthy();
  });

  it('sends a visitor to log in', () => {
    sessionStore.getState().setUser(null);
    const shell = installFakeShell();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to report' }));
    expect(shell.navigate).toHaveBeenCalledWith('/login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Chinese', async () => {
    signIn('8');
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
    });
    try {
      show();
      expect(screen.getByRole('button', { name: '举报 Bea 的评论' }).textContent).toBe('举报');
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });
});

it('held comments (visible to their author only) have no report entry', () => {
  signIn('8');
  show(aComment('h1', { status: CommentStatus.SelfVisible, user: { uid: '9', nickname: 'Cal', username: 'cal', avatar: '' } }));
  expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
});
