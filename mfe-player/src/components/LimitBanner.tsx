import type { JSX } from 'react';
import { goToLogin, SendLimitStatus } from 'shared-kit';
import type { SendLimit } from '../api/types';

/** How long until the daily limit resets (00:00 UTC), e.g. "5 h 12 min". */
export function untilReset(now: number = Date.now()): string {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  const minutes = Math.max(1, Math.ceil((next.getTime() - now) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/**
 * The log-in prompt that replaces the input once a guest's free turns are used: why the input is gone, and a way on
 * that keeps the play (the log-in page comes back here, and the api hands the guest's plays to the account).
 */
export function GuestLoginPrompt({ limit }: { limit: SendLimit | null }): JSX.Element {
  const turns = limit && limit.limit > 0 ? limit.limit : null;
  return (
    <section className="pl-limit pl-limit--login" aria-labelledby="pl-login-title">
      <h2 id="pl-login-title">Log in to keep playing</h2>
      <p>
        {turns ? `Guests can play ${turns === 1 ? '1 turn' : `${turns} turns`}, and you have used them. ` : 'You have used the free turns for guests. '}
        Log in or sign up with your phone: you come straight back to this play, with every turn kept.
      </p>
      <button type="button" className="pl-button pl-button--primary" onClick={goToLogin}>
        Log in
      </button>
    </section>
  );
}

/** The send-limit status: a warning at 90 percent, and once reached, when chatting opens again. */
export function LimitBanner({ limit, now }: { limit: SendLimit | null; now?: number }): JSX.Element | null {
  if (!limit) return null;
  if (limit.status === SendLimitStatus.Reach90Percent) {
    const left = Math.max(0, limit.limit - limit.used);
    return (
      <p className="pl-limit pl-limit--warn" role="status">
        {limit.scope === 'guest'
          ? `${left === 1 ? '1 free turn' : `${left} free turns`} left. Log in to keep playing after that.`
          : `${left === 1 ? '1 message' : `${left} messages`} left today.`}
      </p>
    );
  }
  if (limit.status === SendLimitStatus.Reached && limit.scope === 'daily') {
    return (
      <p className="pl-limit pl-limit--reached" role="alert">
        You have reached today's chat limit. It resets at 00:00 UTC, in {untilReset(now)}.
      </p>
    );
  }
  return null;
}
