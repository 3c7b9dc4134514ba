import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, DialogueStatus, DialogueType, ErrorCode, resetToastStore, sessionStore, TeenMode, toastStore } from 'shared-kit';
import { REPORT_CONTENT, REPORT_DETAILS_MAX, REPORT_REASONS } from 'shared-kit/areas';
import { i18n } from 'ui-kit';
import { PLAYER_NS } from '../../i18n';
import * as replyService from '../../services/reply.service';
import * as reportService from '../../services/report.service';
import { resetReplyMarksStore } from '../../stores/reply-marks/store';
import { aDialogue } from '../../testing/fixtures';
import { isMarkableReply, ReplyActions } from './ReplyActions';

jest.mock('../../services/reply.service');
jest.mock('../../services/report.service');
const api = jest.mocked(replyService);
const reports = jest.mocked(reportService);

function signIn(uid = '7'): void {
  sessionStore.getState().setUser({ uid, biz_uid: uid, user_nick: 'Bea', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
}

beforeAll(async () => {
  await i18n.loadNamespaces(PLAYER_NS);
});
beforeEach(() => {
  jest.resetAllMocks();
  resetReplyMarksStore();
  resetToastStore();
  api.replyStatus.mockResolvedValue({ list: [] });
  reports.reportConfig.mockResolvedValue({
    targets: [{ target_type: 'dialogue', reasons: [...REPORT_REASONS.dialogue], content: [...REPORT_CONTENT.dialogue] }],
    details_max: REPORT_DETAILS_MAX,
  });
  signIn();
});
afterEach(() => {
  sessionStore.getState().setUser(null);
});

const likeButton = () => screen.getByRole('button', { name: 'Like this reply' });

async function openMenuItem(name: string, row?: HTMLElement): Promise<void> {
  const scope = row ? within(row) : screen;
  const trigger = await scope.findByRole('button', { name: 'More for this reply', expanded: false });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('menuitem', { name }));
}

describe('which rows are AI replies to mark', () => {
  it('a finished character line or narration; not the player, the opening, a failed, hidden or unfinished one', () => {
    expect(isMarkableReply(aDialogue(1))).toBe(true);
    expect(isMarkableReply(aDialogue(2, { type: DialogueType.Narration, role: 'narrator' }))).toBe(true);
    expect(isMarkableReply(aDialogue(3, { type: DialogueType.Input, role: 'player' }))).toBe(false);
    expect(isMarkableReply(aDialogue(4, { type: DialogueType.OpeningRemark }))).toBe(false);
    expect(isMarkableReply(aDialogue(5, { status: DialogueStatus.Fail }))).toBe(false);
    expect(isMarkableReply(aDialogue(6, { done: false }))).toBe(false);
    expect(isMarkableReply(aDialogue(7, { status: DialogueStatus.SecurityFail, content: '' }))).toBe(false);
  });
});

describe('reply actions', () => {
  it('reads the marks of every row shown in one call and shows them (kept after a reload)', async () => {
    api.replyStatus.mockResolvedValue({
      list: [
        { dialogue_id: 'd1', liked: true, remark: '', feedback: null },
        { dialogue_id: 'd2', liked: false, remark: '', feedback: { attitude: 30, bad_reasons: ['RepetitiveContent'], content: '' } },
      ],
    });
    render(
      <ul>
        {[1, 2, 3].map((n) => (
          <li key={n} data-testid={`row${n}`}>
            <ReplyActions dialogue={aDialogue(n)} />
          </li>
        ))}
      </ul>,
    );
    await waitFor(() => expect(within(screen.getByTestId('row1')).getByRole('button', { name: 'Like this reply' }).getAttribute('aria-pressed')).toBe('true'));
    expect(api.replyStatus).toHaveBeenCalledTimes(1);
    expect(api.replyStatus).toHaveBeenCalledWith(['d1', 'd2', 'd3']);
    expect(within(screen.getByTestId('row2')).getByText('Your feedback: Dissatisfied')).toBeTruthy();
    expect(within(screen.getByTestId('row3')).getByRole('button', { name: 'Like this reply' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows nothing to a guest and asks nothing', () => {
    sessionStore.getState().setUser(null);
    const { container } = render(<ReplyActions dialogue={aDialogue(1)} />);
    expect(container.textContent).toBe('');
    expect(api.replyStatus).not.toHaveBeenCalled();
  });

  it('likes at once and keeps it; puts it back with a message when refused', async () => {
    api.likeReply.mockResolvedValueOnce({ dialogue_id: 'd1', liked: true, remark: '' });
    render(<ReplyActions dialogue={aDialogue(1)} />);
    await waitFor(() => expect(api.replyStatus).toHaveBeenCalled());
    await act(async () => {
      fireEvent.click(likeButton());
    });
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(api.likeReply).toHaveBeenCalledWith('d1', true);

    let refuse: (e: unknown) => void = () => undefined;
    api.likeReply.mockReturnValueOnce(new Promise((_resolve, reject) => (refuse = reject)));
    fireEvent.click(likeButton());
    // Shown at once, before the api answers.
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(api.likeReply).toHaveBeenLastCalledWith('d1', false);
    await act(async () => {
      refuse(new ApiError(ErrorCode.RecordNotFound, 'No such dialogue'));
    });
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
  });

  it('a status read that answers after a click does not undo the click', async () => {
    let answer: (v: { list: [] }) => void = () => undefined;
    api.replyStatus.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    api.likeReply.mockResolvedValueOnce({ dialogue_id: 'd1', liked: true, remark: '' });
    render(<ReplyActions dialogue={aDialogue(1)} />);
    await waitFor(() => expect(api.replyStatus).toHaveBeenCalled());
    await act(async () => {
      fireEvent.click(likeButton());
    });
    await act(async () => {
      answer({ list: [] });
    });
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
  });

  it('gives Dissatisfied feedback with several reasons and a text within the limit, from the row menu, by keyboard', async () => {
    api.sendReplyFeedback.mockImplementation(async (id, draft) => ({ dialogue_id: id, ...draft }));
    render(<ReplyActions dialogue={aDialogue(1)} />);
    await openMenuItem('Give feedback');
    const dialog = await screen.findByRole('dialog', { name: 'Feedback on this reply' });
    // Nothing chosen: a message, no call.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Choose how the reply was.');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Dissatisfied' }));
    expect(within(dialog).getAllByRole('checkbox').map((c) => c.textContent + (c.parentElement?.textContent ?? ''))).toHaveLength(5);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Choose at least one thing that was wrong.');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Repetitive content' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Inconsistent logic' }));
    const box = within(dialog).getByRole('textbox', { name: 'Anything else? (optional)' });
    fireEvent.change(box, { target: { value: 'x'.repeat(501) } });
    expect((within(dialog).getByRole('button', { name: 'Send feedback' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: ' Loops again ' } });
    expect(within(dialog).getByText('13/500')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    });
    expect(api.sendReplyFeedback).toHaveBeenCalledWith('d1', { attitude: 30, bad_reasons: ['RepetitiveContent', 'InconsistentLogic'], content: 'Loops again' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Your feedback: Dissatisfied')).toBeTruthy();
    expect(toastStore.getState().current?.message).toBe('Thanks for your feedback.');

    // Changing it to Satisfied sends no reasons.
    await openMenuItem('Change feedback');
    const again = await screen.findByRole('dialog', { name: 'Feedback on this reply' });
    expect((within(again).getByRole('radio', { name: 'Dissatisfied' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(again).getByRole('radio', { name: 'Satisfied' }));
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: 'Send feedback' }));
    });
    expect(api.sendReplyFeedback).toHaveBeenLastCalledWith('d1', { attitude: 10, bad_reasons: [], content: 'Loops again' });
    await waitFor(() => expect(screen.getByText('Your feedback: Satisfied')).toBeTruthy());
  });

  it('writes a remark from the row menu by keyboard (which likes the reply), shows it, edits it and removes it', async () => {
    api.sendReplyRemark.mockImplementation(async (id, remark) => ({ dialogue_id: id, liked: true, remark }));
    render(<ReplyActions dialogue={aDialogue(1)} />);
    await openMenuItem('Add a remark');
    const dialog = await screen.findByRole('dialog', { name: 'Remark on this reply' });
    const save = () => within(dialog).getByRole('button', { name: 'Save remark' }) as HTMLButtonElement;
    // Nothing written yet: nothing to save.
    expect(save().disabled).toBe(true);
    const box = within(dialog).getByRole('textbox', { name: 'Your remark' });
    fireEvent.change(box, { target: { value: 'y'.repeat(501) } });
    expect(within(dialog).getByText('501/500')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  The best line so far  ' } });
    expect(within(dialog).getByText('24/500')).toBeTruthy();
    await act(async () => {
      fireEvent.submit(box.closest('form')!);
    });
    expect(api.sendReplyRemark).toHaveBeenCalledWith('d1', 'The best line so far');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('reply-remark').textContent).toBe('Your remark: The best line so far');
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(toastStore.getState().current?.message).toBe('Remark saved.');

    // Edited: the dialog opens with it.
    await openMenuItem('Edit your remark');
    const edit = await screen.findByRole('dialog', { name: 'Edit your remark' });
    const editBox = within(edit).getByRole('textbox', { name: 'Your remark' }) as HTMLTextAreaElement;
    expect(editBox.value).toBe('The best line so far');
    resetToastStore();
    fireEvent.change(editBox, { target: { value: '' } });
    await act(async () => {
      fireEvent.click(within(edit).getByRole('button', { name: 'Save remark' }));
    });
    expect(api.sendReplyRemark).toHaveBeenLastCalledWith('d1', '');
    await waitFor(() => expect(screen.queryByTestId('reply-remark')).toBeNull());
    expect(toastStore.getState().current?.message).toBe('Remark removed.');
  });

  it('shows a remark read back after a reload while the reply is liked, not once the like is undone', async () => {
    api.replyStatus.mockResolvedValue({ list: [{ dialogue_id: 'd1', liked: true, remark: 'Keep this', feedback: null }] });
    api.likeReply.mockResolvedValueOnce({ dialogue_id: 'd1', liked: false, remark: 'Keep this' });
    render(<ReplyActions dialogue={aDialogue(1)} />);
    expect((await screen.findByTestId('reply-remark')).textContent).toBe('Your remark: Keep this');
    await act(async () => {
      fireEvent.click(likeButton());
    });
    expect(screen.queryByTestId('reply-remark')).toBeNull();
  });

  it('keeps the remark dialog open with the api\u2019s message when it is refused', async () => {
    api.sendReplyRemark.mockRejectedValueOnce(new ApiError(ErrorCode.RecordNotFound, 'No such dialogue'));
    render(<ReplyActions dialogue={aDialogue(1)} />);
    await openMenuItem('Add a remark');
    const dialog = await screen.findByRole('dialog', { name: 'Remark on this reply' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Your remark' }), { target: { value: 'Nice' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save remark' }));
    });
    expect(within(dialog).getByRole('status').textContent).toBe('No such dialogue');
    expect(screen.queryByTestId('reply-remark')).toBeNull();
  });

  it('keeps the dialog open with the api\u2019s message when the feedback is refused', async () => {
    api.sendReplyFeedback.mockRejectedValueOnce(new ApiError(ErrorCode.RecordNotFound, 'No such dialogue'));
    render(<ReplyActions dialogue={aDialogue(1)} />);
    await openMenuItem('Give feedback');
    const dialog = await screen.findByRole('dialog', { name: 'Feedback on this reply' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Average' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    });
    expect(within(dialog).getByRole('status').textContent).toBe('No such dialogue');
    expect(screen.queryByTestId('reply-feedback')).toBeNull();
  });

  it('reports the reply through the report dialog, as a dialogue', async () => {
    reports.sendReport.mockResolvedValueOnce({ report_id: '1', status: 'Open' });
    render(<ReplyActions dialogue={aDialogue(1)} />);
    await openMenuItem('Report this reply');
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await within(dialog).findByRole('combobox', { name: 'Reason' });
    fireEvent.change(dialog.querySelector('select') as HTMLSelectElement, { target: { value: REPORT_REASONS.dialogue[0] } });
    fireEvent.click(within(dialog).getAllByRole('checkbox')[0]!);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    });
    expect(reports.sendReport).toHaveBeenCalledWith('dialogue', 'd1', { reason: REPORT_REASONS.dialogue[0], content: [REPORT_CONTENT.dialogue[0]], details: '' });
  });

  it('speaks Chinese', async () => {
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
    });
    try {
      api.replyStatus.mockResolvedValue({ list: [{ dialogue_id: 'd1', liked: true, remark: '好句子', feedback: { attitude: 20, bad_reasons: [], content: '' } }] });
      render(<ReplyActions dialogue={aDialogue(1)} />);
      expect(await screen.findByText('你的反馈：一般')).toBeTruthy();
      expect(screen.getByTestId('reply-remark').textContent).toBe('你的备注： 好句子');
      expect(screen.getByRole('button', { name: '赞这条回复' })).toBeTruthy();
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });
});
