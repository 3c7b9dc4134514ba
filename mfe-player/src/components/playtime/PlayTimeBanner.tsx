import { useEffect, useRef, type JSX } from 'react';
import { Link } from 'react-router';
import { useFormat } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { usePlayTime, type PlayTimeView } from './usePlayTime';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DAY_TIME: Intl.DateTimeFormatOptions = { weekday: 'short', hour: '2-digit', minute: '2-digit' };

/** When, in words: a time today, or the day and time when it is not today. */
function useWhen(): (iso: string) => string {
  const { date } = useFormat();
  return (iso) => {
    const at = new Date(iso);
    const sameDay = at.toDateString() === new Date().toDateString();
    return date(at, sameDay ? TIME : DAY_TIME);
  };
}

/** The pre-warning above the input: minutes left of today's play time, or the allowed hours ending soon. */
export function PlayTimeWarning({ view }: { view: PlayTimeView }): JSX.Element | null {
  const { t } = usePlayerT();
  const when = useWhen();
  if (!view.warning) return null;
  const minutes = Math.max(1, Math.ceil((Date.parse(view.warning.closesAt) - Date.now()) / 60_000));
  return (
    <p className="player-limit player-limit--warn" role="status" data-testid="playtime-warning">
      {view.warning.curfew
        ? t('playTime.curfewSoon', { time: when(view.warning.closesAt) })
        : t('playTime.minutesLeft', { count: minutes, time: when(view.warning.closesAt) })}
    </p>
  );
}

/**
 * What replaces the input (or the feed) once play time is used up or the allowed hours are over: why, and when it
 * opens again. The screen reads the status again at that time by itself.
 */
export function PlayTimeRefusal({ view, what = 'play' }: { view: PlayTimeView; what?: 'play' | 'feed' }): JSX.Element {
  const { t } = usePlayerT();
  const when = useWhen();
  const usedUp = view.state !== null && view.state.used_ms >= view.state.allowance_ms;
  return (
    <section className="player-limit player-limit--reached playtime-refusal" aria-labelledby="playtime-refusal-title" data-testid="playtime-refusal">
      <h2 id="playtime-refusal-title">{t('playTime.refusedTitle')}</h2>
      <p role="alert">
        {usedUp ? t('playTime.usedUp') : t('playTime.outsideHours')}{' '}
        {view.reopensAt ? t('playTime.reopensAt', { time: when(view.reopensAt) }) : null}
      </p>
      <p className="ui-text-muted">{what === 'play' ? t('playTime.playKept') : t('playTime.feedClosed')}</p>
      <Link to="/account/youth-mode" className="player-link">
        {t('playTime.youthLink')}
      </Link>
    </section>
  );
}

/**
 * On the feed: the refusal while play time is closed (the feed's own list answers 1020501 meanwhile); when it opens
 * again (the unban push, or the clock at `reopens_at`), `onReopen` reads the list again.
 */
export function FeedPlayTimeNotice({ onReopen }: { onReopen?: () => void }): JSX.Element | null {
  const view = usePlayTime({ tick: false });
  const wasRefused = useRef(false);
  useEffect(() => {
    if (wasRefused.current && !view.refused) onReopen?.();
    wasRefused.current = view.refused;
  }, [view.refused, onReopen]);
  return view.refused ? <PlayTimeRefusal view={view} what="feed" /> : null;
}
