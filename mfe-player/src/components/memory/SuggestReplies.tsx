import { useState, type JSX } from 'react';
import { DialogueStatus, DialogueType } from 'shared-kit';
import { Button } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { errorText } from '../../lib/errors';
import { suggestReplies } from '../../services/memory.service';
import { upsertDialogues } from '../../stores/play/assemble';
import { usePlayStore, type PlayState } from '../../stores/play/store';

const REPLIES: ReadonlySet<string> = new Set([DialogueType.NpcDialogue, DialogueType.Narration, DialogueType.OpeningRemark]);

/** Whether the newest row is a finished, shown reply: then the player may ask what to say next. */
function selectAfterReply(s: PlayState): boolean {
  const last = s.dialogues[s.dialogues.length - 1];
  return !!last && REPLIES.has(last.type) && last.done && last.status === DialogueStatus.Normal && last.content.trim() !== '';
}

/**
 * "Suggest replies" beside the message box after a reply: the api stores two or three options as a FixedOptions row,
 * which joins the play's rows here, so the play's choices show them (tapping one sends it).
 */
export function SuggestReplies({ canSend }: { canSend: boolean }): JSX.Element | null {
  const { t } = usePlayerT();
  const after = usePlayStore(selectAfterReply);
  const playId = usePlayStore((s) => s.info?.play_id ?? '');
  const [state, setState] = useState<'idle' | 'busy' | 'error'>('idle');
  const [error, setError] = useState('');
  if (!after || !playId) return null;
  async function ask(): Promise<void> {
    setState('busy');
    try {
      const { dialogue } = await suggestReplies(playId);
      // The play may have moved on (another screen, a rewind): the row joins only the play it belongs to.
      usePlayStore.setState((s) => (s.info?.play_id === playId ? { dialogues: upsertDialogues(s.dialogues, [dialogue]) } : {}));
      setState('idle');
    } catch (err) {
      setError(errorText(err));
      setState('error');
    }
  }
  return (
    <div className="player-suggest">
      <Button size="sm" variant="ghost" loading={state === 'busy'} disabled={!canSend || state === 'busy'} onClick={() => void ask()}>
        {t('suggest.ask')}
      </Button>
      <span className="ui-visually-hidden" role="status">
        {state === 'busy' ? t('suggest.asking') : ''}
      </span>
      {state === 'error' ? (
        <p className="player-error" role="alert">
          {t('suggest.failed')} {error}
        </p>
      ) : null}
    </div>
  );
}
