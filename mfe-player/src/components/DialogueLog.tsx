import { memo, useCallback, useRef, type JSX } from 'react';
import { Button } from 'ui-kit';
import { useShallow } from 'zustand/react/shallow';
import type { CastMember } from '../api/types';
import { usePlayerT } from '../i18n';
import { selectDialogue, selectRetryableId, selectVisibleIds } from '../stores/play/selectors';
import { usePlayStore, type PlayState } from '../stores/play/store';
import { DialogueItem } from './DialogueItem';

interface RowProps {
  dialogueId: string;
  cast: Map<string, CastMember>;
  playerName: string;
  /** The newest failed reply, while nothing is written: it offers Retry. */
  retryable: boolean;
  /** Nothing is written or under way: the player's messages offer a rewind. */
  idle: boolean;
  onRetry: (dialogueId: string) => void;
  onRewind: (dialogueId: string, text: string) => void;
}

/**
 * One entry of the log. It selects its own dialogue and takes only stable props, so a streamed word re-renders the
 * streaming row and no other.
 */
const DialogueRow = memo(function DialogueRow({
  dialogueId,
  cast,
  playerName,
  retryable,
  idle,
  onRetry,
  onRewind,
}: RowProps): JSX.Element | null {
  const d = usePlayStore(selectDialogue(dialogueId));
  if (!d) return null;
  return (
    <DialogueItem
      dialogue={d}
      cast={cast}
      playerName={playerName}
      onRetry={retryable ? () => onRetry(d.dialogue_id) : undefined}
      onRewind={d.role === 'player' && idle ? () => onRewind(d.dialogue_id, d.content) : undefined}
    />
  );
});

/** The story's characters by id; the same map while their names and portraits stay the same. */
function useCast(): Map<string, CastMember> {
  const characters = usePlayStore((s) => s.info?.story.characters);
  const key = (characters ?? [])
    .map((c) => `${c.character_id}\u0000${c.character_name}\u0000${c.character_url ?? ''}`)
    .join('\u0001');
  const cached = useRef<{ key: string; cast: Map<string, CastMember> } | null>(null);
  if (cached.current?.key !== key)
    cached.current = { key, cast: new Map((characters ?? []).map((c) => [c.character_id, c])) };
  return cached.current.cast;
}

const selectIdle = (s: PlayState): boolean => !s.streaming && !s.sending && s.busy === null;

export interface DialogueLogProps {
  playerName: string;
  /** The player asked to rewind to before one of their messages (a confirmation follows). */
  onRewind: (dialogueId: string, text: string) => void;
}

/** The play's dialogue as an accessible log, oldest first, with a way to load earlier lines. */
export const DialogueLog = memo(function DialogueLog({
  playerName,
  onRewind,
}: DialogueLogProps): JSX.Element {
  const { t } = usePlayerT();
  const ids = usePlayStore(useShallow(selectVisibleIds));
  const retryId = usePlayStore(selectRetryableId);
  const idle = usePlayStore(selectIdle);
  const hasMoreBefore = usePlayStore((s) => s.hasMoreBefore);
  const loadingOlder = usePlayStore((s) => s.loadingOlder);
  const cast = useCast();
  const onRetry = useCallback((dialogueId: string) => void usePlayStore.getState().retry(dialogueId), []);
  return (
    // The live region wraps the list, so the rows stay items of an ordered list for assistive technology.
    <div role="log" aria-live="polite" aria-relevant="additions text" aria-label={t('play.log')}>
      <ol className="player-log">
        {hasMoreBefore ? (
          <li className="player-more">
            <Button size="sm" onClick={() => void usePlayStore.getState().loadOlder()} loading={loadingOlder}>
              {t('play.earlier')}
            </Button>
          </li>
        ) : null}
        {ids.map((id) => (
          <DialogueRow
            key={id}
            dialogueId={id}
            cast={cast}
            playerName={playerName}
            retryable={id === retryId && idle}
            idle={idle}
            onRetry={onRetry}
            onRewind={onRewind}
          />
        ))}
      </ol>
    </div>
  );
});
