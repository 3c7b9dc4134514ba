import { useState, type JSX } from 'react';
import { Button } from 'ui-kit';
import type { Dialogue } from '../../api/types';
import { usePlayerT } from '../../i18n';
import { pinOfLine, useMemoryStore } from '../../stores/memory/store';

/** A finished line's Pin: pins it to the play's memory, or (pressed) unpins it. */
export function PinButton({ dialogue }: { dialogue: Dialogue }): JSX.Element | null {
  const { t } = usePlayerT();
  const pin = useMemoryStore((s) => pinOfLine(s.memory, dialogue.dialogue_id));
  const ready = useMemoryStore((s) => s.status === 'ready');
  const busy = useMemoryStore((s) => s.busy);
  const [error, setError] = useState<string | null>(null);
  if (!ready || !dialogue.done || dialogue.content.trim() === '') return null;
  const text = dialogue.content.slice(0, 40);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="player-pin"
        aria-pressed={pin !== null}
        aria-label={pin ? t('memory.unpinLineLabel', { text }) : t('memory.pinLabel', { text })}
        disabled={busy !== null}
        onClick={() => {
          const store = useMemoryStore.getState();
          void (pin ? store.unpin(pin.pin_id) : store.pinLine(dialogue.dialogue_id)).then(setError);
        }}
      >
        {pin ? t('memory.pinned') : t('memory.pin')}
      </Button>
      {error ? (
        <span className="player-error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
