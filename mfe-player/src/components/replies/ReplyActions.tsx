import { useEffect, useState, type JSX } from 'react';
import './replies.css';
import { DialogueStatus, DialogueType, shellToast, useSessionStore } from 'shared-kit';
import { IconButton, Menu } from 'ui-kit';
import type { Dialogue } from '../../api/types';
import { usePlayerT } from '../../i18n';
import { isHidden } from '../../stores/play/assemble';
import { NO_MARK, useReplyMarksStore } from '../../stores/reply-marks/store';
import { ReportDialog } from '../ReportDialog';
import { FeedbackDialog } from './FeedbackDialog';
import { RemarkDialog } from './RemarkDialog';

/** An AI reply the player may mark: a character's line or the narration, written to the end and shown. */
export function isMarkableReply(d: Dialogue): boolean {
  return (
    (d.type === DialogueType.NpcDialogue || d.type === DialogueType.Narration) &&
    (d.role === 'npc' || d.role === 'narrator') &&
    d.done &&
    d.status !== DialogueStatus.Fail &&
    !isHidden(d) &&
    d.content !== ''
  );
}

/**
 * Under one AI reply, for a signed-in player: a like (shown at once, put back when refused) and a menu with a remark
 * on the like, feedback and report; the remark on a liked reply and the feedback given are said under the reply. The
 * marks come back from the api after a reload.
 */
export function ReplyActions({ dialogue }: { dialogue: Dialogue }): JSX.Element | null {
  const { t } = usePlayerT();
  const uid = useSessionStore((s) => (s.status === 'user' ? (s.user?.uid ?? '') : ''));
  const id = dialogue.dialogue_id;
  const mark = useReplyMarksStore((s) => s.marks[id] ?? NO_MARK);
  const [open, setOpen] = useState<'remark' | 'feedback' | 'report' | null>(null);

  useEffect(() => {
    if (uid) useReplyMarksStore.getState().want(uid, id);
  }, [uid, id]);

  // Guests' plays are not theirs to mark until they log in (the api asks for an account).
  if (!uid) return null;
  const given = mark.feedback;
  // A remark belongs to the like: shown (and edited) while the reply is liked.
  const remark = mark.liked ? mark.remark : '';
  return (
    <div className="player-reply-actions">
      <IconButton
        size="sm"
        className={mark.liked ? 'player-reply-actions__like player-reply-actions__like--on' : 'player-reply-actions__like'}
        aria-label={t('replyActions.like')}
        aria-pressed={mark.liked}
        icon={mark.liked ? '♥' : '♡'}
        onClick={() => {
          void useReplyMarksStore
            .getState()
            .toggleLike(id)
            .then((message) => message && shellToast({ type: 'error', message }));
        }}
      />
      <Menu
        className="player-reply-actions__menu"
        trigger={<span aria-hidden="true">⋯</span>}
        triggerLabel={t('replyActions.more')}
        align="start"
        items={[
          { key: 'remark', label: remark ? t('replyActions.editRemark') : t('replyActions.remark'), onSelect: () => setOpen('remark') },
          { key: 'feedback', label: given ? t('replyActions.changeFeedback') : t('replyActions.feedback'), onSelect: () => setOpen('feedback') },
          { key: 'report', label: t('replyActions.report'), onSelect: () => setOpen('report') },
        ]}
      />
      {remark ? (
        <p className="player-reply-actions__remark" data-testid="reply-remark">
          <span className="player-reply-actions__remark-label">{t('replyActions.yourRemark')}</span> {remark}
        </p>
      ) : null}
      {given ? (
        <span className="player-reply-actions__given" data-testid="reply-feedback">
          {t('replyActions.given', { attitude: t(`feedback.attitudes.${given.attitude}`) })}
        </span>
      ) : null}
      {open === 'remark' ? <RemarkDialog dialogueId={id} given={remark} onClose={() => setOpen(null)} /> : null}
      {open === 'feedback' ? <FeedbackDialog dialogueId={id} given={given} onClose={() => setOpen(null)} /> : null}
      <ReportDialog open={open === 'report'} onClose={() => setOpen(null)} targetType="dialogue" targetId={id} />
    </div>
  );
}
