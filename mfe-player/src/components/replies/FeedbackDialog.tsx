import { useId, useState, type JSX } from 'react';
import { BadReason, COMMUNITY_LIMITS, FeedbackAttitude, toastStore } from 'shared-kit';
import { Button, Checkbox, Modal, TextArea, countCharacters } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { useReplyMarksStore, type ReplyFeedback } from '../../stores/reply-marks/store';

const ATTITUDES = [FeedbackAttitude.Satisfied, FeedbackAttitude.Average, FeedbackAttitude.Dissatisfied] as const;
const REASONS = Object.values(BadReason);
/** The free text's limit: the api's (the spec names the field, not its length). */
export const FEEDBACK_TEXT_MAX = COMMUNITY_LIMITS.remark;

interface FeedbackDialogProps {
  dialogueId: string;
  /** The feedback given before, to change. */
  given: ReplyFeedback | null;
  onClose: () => void;
}

/**
 * Feedback on one reply (spec section 3): Satisfied, Average or Dissatisfied; for Dissatisfied, what was wrong (the
 * spec's bad reasons, several at once); an optional text with a counter.
 */
export function FeedbackDialog({ dialogueId, given, onClose }: FeedbackDialogProps): JSX.Element {
  const { t } = usePlayerT();
  const formId = useId();
  const [attitude, setAttitude] = useState<FeedbackAttitude | null>(given?.attitude ?? null);
  const [reasons, setReasons] = useState<BadReason[]>(given?.bad_reasons ?? []);
  const [text, setText] = useState(given?.content ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dissatisfied = attitude === FeedbackAttitude.Dissatisfied;
  const tooLong = countCharacters(text.trim()) > FEEDBACK_TEXT_MAX;

  async function submit(): Promise<void> {
    if (attitude === null) return setMessage(t('feedback.needAttitude'));
    if (dissatisfied && reasons.length === 0) return setMessage(t('feedback.needReason'));
    if (tooLong) return;
    setBusy(true);
    setMessage(null);
    const error = await useReplyMarksStore.getState().sendFeedback(dialogueId, {
      attitude,
      bad_reasons: dissatisfied ? reasons : [],
      content: text.trim(),
    });
    setBusy(false);
    if (error) return setMessage(error);
    toastStore.getState().show({ type: 'success', message: t('feedback.thanks') });
    onClose();
  }

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      title={t('feedback.title')}
      description={t('feedback.description')}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('feedback.cancel')}
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy || tooLong} loading={busy}>
            {t('feedback.submit')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="player-feedback"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="player-feedback__group">
          <legend>{t('feedback.attitude')}</legend>
          <div className="player-feedback__attitudes">
            {ATTITUDES.map((a) => (
              <label key={a} className="player-feedback__attitude">
                <input
                  type="radio"
                  name={`${formId}-attitude`}
                  value={a}
                  checked={attitude === a}
                  onChange={() => {
                    setAttitude(a);
                    setMessage(null);
                  }}
                />
                <span>{t(`feedback.attitudes.${a}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {dissatisfied ? (
          <fieldset className="player-feedback__group">
            <legend>{t('feedback.reasons')}</legend>
            {REASONS.map((r) => (
              <Checkbox
                key={r}
                label={t(`feedback.reasonList.${r}`)}
                checked={reasons.includes(r)}
                onCheckedChange={(on) => setReasons((cur) => (on ? [...cur, r] : cur.filter((x) => x !== r)))}
              />
            ))}
          </fieldset>
        ) : null}
        <TextArea label={t('feedback.comment')} value={text} limit={FEEDBACK_TEXT_MAX} onChange={(e) => setText(e.target.value)} />
        {message ? <p role="status">{message}</p> : null}
      </form>
    </Modal>
  );
}
