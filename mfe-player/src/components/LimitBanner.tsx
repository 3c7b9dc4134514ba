import type { JSX } from 'react';
import { goToLogin, SendLimitStatus } from 'shared-kit';
import { Button } from 'ui-kit';
import type { SendLimit } from '../api/types';
import { usePlayerT } from '../i18n';
import { LimitOffers } from './LimitOffers';

/** Hours and minutes until the daily limit resets (00:00 UTC). */
export function untilReset(now: number = Date.now()): { h: number; m: number } {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  const minutes = Math.max(1, Math.ceil((next.getTime() - now) / 60_000));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/**
 * The log-in prompt that replaces the input once a guest's free turns are used: why the input is gone, and a way on
 * that keeps the play (the log-in page comes back here, and the api hands the guest's plays to the account).
 */
export function GuestLoginPrompt({ limit }: { limit: SendLimit | null }): JSX.Element {
  const { t } = usePlayerT();
  const turns = limit && limit.limit > 0 ? limit.limit : null;
  return (
    <section className="player-limit player-limit--login" aria-labelledby="player-login-title">
      <h2 id="player-login-title">{t('limit.loginTitle')}</h2>
      <p>
        {turns ? t('limit.guestUsed', { count: turns }) : t('limit.guestUsedAll')} {t('limit.loginText')}
      </p>
      <Button variant="primary" onClick={goToLogin}>
        {t('limit.logIn')}
      </Button>
    </section>
  );
}

/** The send-limit status: a warning at 90 percent, and once reached, when chatting opens again. */
export function LimitBanner({ limit, now }: { limit: SendLimit | null; now?: number }): JSX.Element | null {
  const { t } = usePlayerT();
  if (!limit) return null;
  if (limit.status === SendLimitStatus.Reach90Percent) {
    const count = Math.max(0, limit.limit - limit.used);
    return (
      <p className="player-limit player-limit--warn" role="status">
        {limit.scope === 'guest' ? t('limit.guestLeft', { count }) : t('limit.dailyLeft', { count })}
      </p>
    );
  }
  if (limit.status === SendLimitStatus.Reached && limit.scope === 'daily') {
    const { h, m } = untilReset(now);
    const wait = h > 0 ? t('limit.hoursMinutes', { h, m }) : t('limit.minutes', { m });
    return (
      <div className="player-limit player-limit--reached">
        <p role="alert">{t('limit.dailyReached', { wait })}</p>
        <LimitOffers limit={limit} />
      </div>
    );
  }
  return null;
}
