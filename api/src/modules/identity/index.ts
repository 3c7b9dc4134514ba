// The identity module's face: real-name verification, age freezing, the parental passcode, play time
// (anti-addiction) and the regional notices. Other modules use only what is exported here.
import type { Middleware } from 'koa';
import type { AppState } from '../../lib/context';
import { playTimeDeps } from './identity.routes';
import { refuseOutsideAllowedTime } from './playTime.service';

export { identityRoutes, type IdentityRouteDeps } from './identity.routes';
export { formatCheckProvider, httpProvider, type IdentityProvider, type Verdict } from './provider';

/** Before a play turn: outside the allowed time, 1020702 with `data.reopens_at`. */
export const playTimeGuard: Middleware<AppState> = async (ctx, next) => {
  if (playTimeDeps) await refuseOutsideAllowedTime(playTimeDeps, ctx.state.account ?? ctx.state.user, 'play');
  await next();
};

/** Before the feed: outside the allowed time, 1020501 with `data.reopens_at`. */
export const feedTimeGuard: Middleware<AppState> = async (ctx, next) => {
  if (playTimeDeps) await refuseOutsideAllowedTime(playTimeDeps, ctx.state.account ?? ctx.state.user, 'feed');
  await next();
};
