// The identity module's face: real-name verification, age freezing, the parental passcode, play time
// (anti-addiction) and the regional notices. Other modules use only what is exported here.
import type { Middleware } from 'koa';
import type { AppState } from '../../lib/context';
import { playTimeDeps } from './identity.routes';
import { onlineTick, refuseOutsideAllowedTime } from './playTime.service';

export { identityRoutes, type IdentityRouteDeps } from './identity.routes';
export { formatCheckProvider, httpProvider, type IdentityProvider, type Verdict } from './provider';

/**
 * Before a play turn: outside the allowed time, 1020702 with `data.reopens_at`. After a turn the server took, the
 * turn counts as a tick of play time (its own record besides the client's `online_tick`, in the same one write: at
 * most one tick per tick length for the account, whichever sends it), so a client that never ticks is counted too.
 */
export const playTimeGuard: Middleware<AppState> = async (ctx, next) => {
  const who = ctx.state.account ?? ctx.state.user;
  if (playTimeDeps) await refuseOutsideAllowedTime(playTimeDeps, who, 'play');
  await next();
  if (playTimeDeps && who) await onlineTick(playTimeDeps, who);
};

/** Before the feed: outside the allowed time, 1020501 with `data.reopens_at`. */
export const feedTimeGuard: Middleware<AppState> = async (ctx, next) => {
  if (playTimeDeps) await refuseOutsideAllowedTime(playTimeDeps, ctx.state.account ?? ctx.state.user, 'feed');
  await next();
};
export { startUnbanRunner, type UnbanRunnerDeps } from './unban.job';
