import { useEffect, useRef, useState, type JSX } from 'react';
import { DialogueStatus, DialogueType } from 'shared-kit';
import type { CastMember, Dialogue } from '../api/types';
import { usePlayerT } from '../i18n';
import { isHidden } from '../stores/play/assemble';
import { selectLastLogRow } from '../stores/play/selectors';
import { usePlayStore } from '../stores/play/store';

type T = ReturnType<typeof usePlayerT>['t'];

/** What a screen reader is told of a new line: who says it and what, or the marker it is. */
function spoken(d: Dialogue, cast: Map<string, CastMember>, t: T): string {
  if (isHidden(d)) return t('dialogue.hiddenReply');
  switch (d.type) {
    case DialogueType.ChapterTarget:
      return `${t('dialogue.objective')}: ${d.content}`;
    case DialogueType.SwitchChapter:
      return d.content || t('dialogue.nextChapter');
    case DialogueType.HappyEnding:
      return `${t('dialogue.happyEnding')}: ${d.content}`;
    case DialogueType.BadEnding:
      return `${t('dialogue.badEnding')}: ${d.content}`;
    default:
      break;
  }
  if (d.type === DialogueType.Narration || d.role === 'narrator') return d.content;
  const name = cast.get(d.character_id)?.character_name || d.character_name || t('dialogue.narrator');
  return `${name}: ${d.content}`;
}

/**
 * The log's voice for assistive technology: each new line, once written to its end, is said once (the player's own
 * are not: they wrote them). The lines already there when the play opened, and earlier pages loaded later, are not
 * said; a failed reply says so in its own row.
 */
export function LogAnnouncer({ cast }: { cast: Map<string, CastMember> }): JSX.Element {
  const { t } = usePlayerT();
  const last = usePlayStore(selectLastLogRow);
  const playId = usePlayStore((s) => s.info?.play_id ?? null);
  const [text, setText] = useState('');
  // The newest line when the play opened (or was said last): anything after it is new.
  const said = useRef<{ playId: string | null; id: string | null } | null>(null);

  useEffect(() => {
    if (!last) return;
    if (said.current === null || said.current.playId !== playId) {
      said.current = { playId, id: last.done ? last.dialogue_id : null };
      return;
    }
    if (!last.done || last.dialogue_id === said.current.id) return;
    said.current = { playId, id: last.dialogue_id };
    if (last.role === 'player' || last.status === DialogueStatus.Fail) return;
    setText(spoken(last, cast, t));
  }, [last, playId, cast, t]);

  return (
    <div className="ui-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="log-announcer">
      {text}
    </div>
  );
}
