import { useId, useState, type JSX } from 'react';
import { COMMUNITY_LIMITS, toastStore } from 'shared-kit';
import { Button, Modal, TextArea, countCharacters } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { useReplyMarksStore } from '../../stores/reply-marks/store';

/** A remark's limit: the api's (the spec names `like_remark`, not its length). */
export const REMARK_MAX = COMMUNITY_LIMITS.remark;

interface RemarkDialogProps {
  dialogueId: string;
  /** The remark written before, to edit ('' for none). */
  given: string;
  onClose: () => void;
}

/**
 * A short remark of the player's own on a reply they like (`dialogue/like_remark`): why they liked it, a line to
 * remember. Saving likes the reply; an emptied remark is removed. Only the player sees it.
 */
export function RemarkDialog({ dialogueId, given, onClose }: RemarkDialogProps): JSX.Element {
  const { t } = usePlayerT();
  const formId = useId();
  const [text, setText] = useState(given);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trimmed = text.trim();
  const tooLong = countCharacters(trimmed) > REMARK_MAX;

  async function submit(): Promise<void> {
    if (tooLong) return;
    setBusy(true);
    setMessage(null);
    const error = await useReplyMarksStore.getState().sendRemark(dialogueId, trimmed);
    setBusy(false);
    if (error) return setMessage(error);
    toastStore.getState().show({ type: 'success', message: trimmed ? t('remark.saved') : t('remark.removed') });
    onClose();
  }

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      title={given ? t('remark.editTitle') : t('remark.title')}
      description={t('remark.description')}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('remark.cancel')}
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy || tooLong || (trimmed === '' && given === '')} loading={busy}>
            {t('remark.save')}
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
        <TextArea label={t('remark.label')} value={text} limit={REMARK_MAX} rows={3} onChange={(e) => setText(e.target.value)} />
        {message ? <p role="status">{message}</p> : null}
      </form>
    </Modal>
  );
}
