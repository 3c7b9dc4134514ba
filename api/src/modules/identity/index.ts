// The identity module's face: real-name verification, age freezing, the parental passcode, play time
// (anti-addiction) and the regional notices. Other modules use only what is exported here.
import type { Middleware } from 'koa';
import type { Account, AppState } from '../../lib/context';
import { identityDeps, playTimeDeps } from './identity.routes';
import { checkTeenModeOff } from './passcode.service';
import { onlineTick, refuseOutsideAllowedTime } from './playTime.service';

export { identityRoutes, ONLINE_TICK_PATH, type IdentityRouteDeps } from './identity.routes';
export { formatCheckProvider, httpProvider, type IdentityProvider, type Verdict } from './provider';

/**
 * Before a play turn: outside the allowed time, 1020702 with `data.reopens_at`. After a turn the server took, the
 * turn counts as a tick of play time (its own record besides the client's `online_tick`, in the same one write: at
 * most one tick per tick length for the account, whichever sends it), so a client that never ticks is counted too.
 */
export const playTimeGuard: Middleware<AppState> = async (ctx, next) => {
  await guardPlayTurn(ctx.state.account ?? ctx.state.user, next);
};

/** Who the play-time rules look at. */
type PlayTimeWho = Pick<Account, 'uid' | 'teen_mode' | 'last_login_country'>;

/** The same guard for a turn that does not come through `message/send` (a call's spoken line). */
export async function guardPlayTurn<T>(who: PlayTimeWho | null | undefined, turn: () => Promise<T>): Promise<T> {
  await refusePlayOutsideAllowedTime(who);
  const out = await turn();
  if (playTimeDeps && who) await onlineTick(playTimeDeps, who);
  return out;
}

/** Outside the allowed play time, 1020702 with `data.reopens_at` (a call cannot start then either). */
export async function refusePlayOutsideAllowedTime(who: PlayTimeWho | null | undefined): Promise<void> {
  if (playTimeDeps) await refuseOutsideAllowedTime(playTimeDeps, who ?? null, 'play');
}

/** Before the feed: outside the allowed time, 1020501 with `data.reopens_at`. */
export const feedTimeGuard: Middleware<AppState> = async (ctx, next) => {
  if (playTimeDeps) await refuseOutsideAllowedTime(playTimeDeps, ctx.state.account ?? ctx.state.user, 'feed');
  await next();
};
export { startUnbanRunner, type UnbanRunnerDeps } from './unban.job';
export { playClock, type PlayClock } from './playClock';

/**
 * For the `teen_mode` switch (user module), before youth mode is turned off: 3000002 for a verified minor; with a
 * parental passcode set, the passcode is required and checked, each try one of the day's attempts, as on
 * `teen_mode/passcode/disable`.
 */
export async function checkYouthModeOff(uid: string, passcode: string | undefined): Promise<void> {
  if (identityDeps) await checkTeenModeOff(identityDeps, uid, passcode);
}
