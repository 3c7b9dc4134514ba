import type { JSX } from 'react';
import { Button } from 'ui-kit';
import { usePlayerT } from '../i18n';
import { usePlayStore } from '../stores/play/store';

/** The openings offered before the first turn (`play_info.greetings`); choosing one opens the play with it. */
export function GreetingPicker(): JSX.Element | null {
  const { t } = usePlayerT();
  const info = usePlayStore((s) => s.info);
  const busy = usePlayStore((s) => s.busy);
  const idle = usePlayStore((s) => !s.streaming && !s.sending && s.busy === null);
  const choose = usePlayStore((s) => s.chooseGreeting);
  const greetings = info?.greetings ?? [];
  if (!info || info.turns > 0 || greetings.length < 2) return null;
  const current = info.greeting ?? 0;
  return (
    <section className="player-greetings" aria-labelledby="player-greetings-title">
      <h2 id="player-greetings-title" className="player-greetings__title">
        {t('greetings.title')}
      </h2>
      <p className="player-greetings__hint">{busy === 'greeting' ? t('greetings.choosing') : t('greetings.hint')}</p>
      <ul className="player-greetings__list">
        {greetings.map((text, i) => (
          <li key={i}>
            <Button
              size="sm"
              variant={i === current ? 'primary' : 'secondary'}
              className="player-greetings__option"
              aria-pressed={i === current}
              aria-label={`${t('greetings.option', { n: i + 1 })}: ${text}`}
              disabled={!idle}
              onClick={() => {
                if (i !== current) void choose(i);
              }}
            >
              <span className="player-greetings__text">{text}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
