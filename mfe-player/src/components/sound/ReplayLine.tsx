import type { JSX } from 'react';
import { Button } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { isLimited, useSpeechStore } from '../../stores/speech/store';

/** A finished line's play button: says it again in its speaker's voice (the clips come from the cache). */
export function ReplayLine({ dialogueId }: { dialogueId: string }): JSX.Element | null {
  const { t } = usePlayerT();
  const saying = useSpeechStore((s) => s.replaying === dialogueId || (s.speaking && s.line === dialogueId));
  const limited = useSpeechStore(isLimited);
  const error = useSpeechStore((s) => (s.replayError?.dialogueId === dialogueId ? s.replayError.message : null));
  if (limited) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="player-replay"
        aria-label={saying ? t('sound.replaying') : t('sound.replay')}
        aria-pressed={saying}
        onClick={() => void useSpeechStore.getState().replay(dialogueId)}
      >
        {/* The icon is drawn by the stylesheet, so the line's text stays the line's alone. */}
        <span className={saying ? 'player-replay__icon player-replay__icon--stop' : 'player-replay__icon'} aria-hidden="true" />
      </Button>
      {error ? (
        <span className="player-sound__hint" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
