import { useId, type JSX } from 'react';
import { Button, Switch } from 'ui-kit';
import type { PlayInfo } from '../../api/types';
import type { AudioFactory } from '../../lib/speechQueue';
import { usePlayerT } from '../../i18n';
import { isLimited, useSpeechStore } from '../../stores/speech/store';
import { useBackgroundMusic, usePlaySpeech, type SoundSocketFactory } from './usePlaySound';
import './sound.css';

export interface PlaySoundProps {
  info: PlayInfo;
  socketFactory?: SoundSocketFactory;
  /** How the music's audio element is made (tests pass a fake). */
  audio?: AudioFactory;
}

/**
 * The play panel's sound (spec section 2): the switch that has replies spoken, the background music's volume, and
 * what the day's speech quota says (section 3). The switch is off and disabled while the quota is used up.
 */
export function PlaySound({ info, socketFactory, audio }: PlaySoundProps): JSX.Element {
  const { t } = usePlayerT();
  usePlaySpeech(socketFactory);
  useBackgroundMusic(info.bgm?.url ?? null, audio);
  const s = useSpeechStore();
  const limited = isLimited(s);
  const volumeId = useId();
  const hasMusic = Boolean(info.bgm);
  return (
    <section className="player-sound" aria-label={t('sound.region')}>
      <div className="player-sound__controls">
        <Switch label={t('sound.speak')} checked={s.tts && !limited} disabled={limited} onCheckedChange={s.setTts} />
        <div className="player-sound__volume">
          <label htmlFor={volumeId}>{t('sound.music')}</label>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={100}
            step={5}
            value={s.volume}
            aria-valuetext={t('sound.musicValue', { volume: s.volume })}
            aria-describedby={hasMusic ? undefined : `${volumeId}-none`}
            onChange={(e) => s.setVolume(Number(e.currentTarget.value))}
          />
          {hasMusic ? null : (
            <span id={`${volumeId}-none`} className="player-sound__hint">
              {t('sound.noMusic')}
            </span>
          )}
        </div>
      </div>
      {s.blocked ? (
        <Button size="sm" variant="primary" onClick={s.unlock}>
          {t('sound.tapToHear')}
        </Button>
      ) : null}
      {s.notice === 'reached' || (limited && s.notice !== 'recovered') ? (
        <p className="player-sound__notice" role="alert">
          {t('sound.reached')}
        </p>
      ) : null}
      {s.notice === 'recovered' ? (
        <p className="player-sound__notice" role="status">
          {t('sound.recovered')}{' '}
          <Button size="sm" variant="ghost" onClick={s.dismissNotice}>
            {t('sound.dismiss')}
          </Button>
        </p>
      ) : null}
    </section>
  );
}
