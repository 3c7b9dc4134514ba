import { memo, useCallback, useEffect, useMemo, useRef, type FocusEvent, type JSX } from 'react';
import { Button } from 'ui-kit';
import { useShallow } from 'zustand/react/shallow';
import type { CastMember } from '../api/types';
import { usePlayerT } from '../i18n';
import { selectDialogue, selectEditableId, selectLogIds, selectRegenerableId, selectRetryableId } from '../stores/play/selectors';
import { usePlayStore, type PlayState } from '../stores/play/store';
import { DialogueItem, type LogRowProps } from './DialogueItem';
import { LogAnnouncer } from './LogAnnouncer';
import { useLogWindow } from './useLogWindow';

/** Scrolling up to within this many rows of the first loaded one loads the page before it. */
const LOAD_AHEAD_ROWS = 6;

interface RowProps {
  dialogueId: string;
  index: number;
  /** The row's top within the list when it is placed on its own (a focused row away from the screen). */
  top: number | null;
  measure: (el: HTMLLIElement | null) => void;
  onFocus: (event: FocusEvent<HTMLLIElement>) => void;
  onBlur: (event: FocusEvent<HTMLLIElement>) => void;
  cast: Map<string, CastMember>;
  playerName: string;
  /** The newest failed reply, while nothing is written: it offers Retry. */
  retryable: boolean;
  /** Nothing is written or under way: the player's messages offer a rewind. */
  idle: boolean;
  onRetry: (dialogueId: string) => void;
  onRewind: (dialogueId: string, text: string) => void;
  /** The latest turn's finished reply, while nothing is written: it offers Regenerate and its versions. */
  regenerable: boolean;
  onRegenerate: (dialogueId: string) => void;
  onShowVersion: (dialogueId: string, index: number) => void;
  /** The player's latest message, while nothing is written: it offers Edit. */
  editable: boolean;
  onEdit: (dialogueId: string) => void;
}

/**
 * One entry of the log. It selects its own dialogue and takes only stable props, so a streamed word re-renders the
 * streaming row and no other.
 */
const DialogueRow = memo(function DialogueRow({
  dialogueId,
  index,
  top,
  measure,
  onFocus,
  onBlur,
  cast,
  playerName,
  retryable,
  idle,
  onRetry,
  onRewind,
  regenerable,
  onRegenerate,
  onShowVersion,
  editable,
  onEdit,
}: RowProps): JSX.Element | null {
  const d = usePlayStore(selectDialogue(dialogueId));
  const row = useMemo<LogRowProps>(
    () => ({
      ref: measure,
      'data-index': index,
      'data-key': dialogueId,
      style: top === null ? undefined : { position: 'absolute', top, left: 0, right: 0 },
      onFocus,
      onBlur,
    }),
    [measure, index, dialogueId, top, onFocus, onBlur],
  );
  if (!d) return null;
  return (
    <DialogueItem
      dialogue={d}
      cast={cast}
      playerName={playerName}
      onRetry={retryable ? () => onRetry(d.dialogue_id) : undefined}
      onRewind={d.role === 'player' && idle ? () => onRewind(d.dialogue_id, d.content) : undefined}
      onRegenerate={regenerable ? () => onRegenerate(d.dialogue_id) : undefined}
      onShowVersion={regenerable ? (index) => onShowVersion(d.dialogue_id, index) : undefined}
      onEdit={editable ? () => onEdit(d.dialogue_id) : undefined}
      row={row}
    />
  );
});

/** The story's characters by id; the same map while their names and portraits stay the same. */
export function useCast(): Map<string, CastMember> {
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

/**
 * The play's dialogue as an accessible log, oldest first. Only the rows near the screen are in the page, however
 * long the play (useLogWindow); scrolling up towards the first loaded row loads the page before it, and the
 * Earlier messages button does the same for a keyboard or a screen reader. New lines are said by the announcer
 * beside it, not by the list, whose rows come and go as the page scrolls.
 */
export const DialogueLog = memo(function DialogueLog({
  playerName,
  onRewind,
}: DialogueLogProps): JSX.Element {
  const { t } = usePlayerT();
  const ids = usePlayStore(useShallow(selectLogIds));
  const retryId = usePlayStore(selectRetryableId);
  const regenerableId = usePlayStore(selectRegenerableId);
  const editableId = usePlayStore(selectEditableId);
  const idle = usePlayStore(selectIdle);
  const hasMoreBefore = usePlayStore((s) => s.hasMoreBefore);
  const loadingOlder = usePlayStore((s) => s.loadingOlder);
  const cast = useCast();
  const onRetry = useCallback((dialogueId: string) => void usePlayStore.getState().retry(dialogueId), []);
  const onRegenerate = useCallback((dialogueId: string) => void usePlayStore.getState().regenerate(dialogueId), []);
  const onEdit = useCallback((dialogueId: string) => usePlayStore.getState().startEdit(dialogueId), []);
  const onShowVersion = useCallback((dialogueId: string, index: number) => void usePlayStore.getState().showAlternative(dialogueId, index), []);
  const listRef = useRef<HTMLOListElement>(null);
  const { virtualizer, listTop, kept, onRowFocus, onRowBlur } = useLogWindow(ids, listRef);
  const items = virtualizer.getVirtualItems();
  // The rows near the screen are in the list's flow, between room kept for the rows above and below them, so a row
  // growing (a reply being written) moves what follows it in the same frame; a focused row away from them is placed
  // on its own.
  const near = items.filter((item) => item.index !== kept);
  const firstShown = near[0]?.index ?? 0;
  const first = near[0];
  const last = near[near.length - 1];
  const above = first ? first.start - listTop : 0;
  const below = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - listTop)) : 0;

  // Scrolling up near the first loaded row loads the page before it. Only the reader's own scrolling up does (not a
  // play opening at its top before it is taken to its end), and a page that failed to load is not asked for again
  // until another one arrived: the button stays to try again.
  const failedAt = useRef<string | null>(null);
  const scrollingUp = virtualizer.scrollDirection === 'backward';
  useEffect(() => {
    const first = ids[0];
    if (!first || !hasMoreBefore || loadingOlder || !scrollingUp || firstShown > LOAD_AHEAD_ROWS) return;
    if (failedAt.current === first) return;
    void usePlayStore
      .getState()
      .loadOlder()
      .then(() => {
        if (usePlayStore.getState().dialogues[0]?.dialogue_id === first && usePlayStore.getState().hasMoreBefore) failedAt.current = first;
      });
  }, [ids, hasMoreBefore, loadingOlder, scrollingUp, firstShown]);

  return (
    <>
      {/* The rows come and go as the page scrolls: the list is not itself live, the announcer says what is new. */}
      <div className="player-log-region" role="log" aria-live="off" aria-label={t('play.log')}>
        {hasMoreBefore ? (
          <div className="player-more">
            <Button size="sm" onClick={() => void usePlayStore.getState().loadOlder()} loading={loadingOlder}>
              {t('play.earlier')}
            </Button>
          </div>
        ) : null}
        <ol className="player-log" ref={listRef} style={{ paddingTop: above, paddingBottom: below }}>
          {items.map((item) => {
            const id = ids[item.index];
            if (id === undefined) return null;
            return (
              <DialogueRow
                key={id}
                dialogueId={id}
                index={item.index}
                top={item.index === kept ? item.start - listTop : null}
                measure={virtualizer.measureElement}
                onFocus={onRowFocus}
                onBlur={onRowBlur}
                cast={cast}
                playerName={playerName}
                retryable={id === retryId && idle}
                idle={idle}
                onRetry={onRetry}
                onRewind={onRewind}
                regenerable={id === regenerableId && idle}
                onRegenerate={onRegenerate}
                onShowVersion={onShowVersion}
                editable={id === editableId && idle}
                onEdit={onEdit}
              />
            );
          })}
        </ol>
      </div>
      <LogAnnouncer cast={cast} />
    </>
  );
});
