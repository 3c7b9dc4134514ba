import { ErrorCode, UserIdentity } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { currentAccount, requireUser } from '../../lib/auth';
import { authorDetail, follow, followList, followStatus } from './follow.service';
import { useStatsBus } from './stats.model';
import type { AppContext } from '../../lib/context';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import type { EventBus } from '../../realtime/events';
import { rateLimit } from '../../lib/rateLimit';
import { COMMUNITY_REQUESTS as s } from 'shared-kit/schemas';
import { likedStories, likeStory } from './like.service';

const BASE = '/api/interact';

/** A person liking quickly is fine; a script toggling a like hundreds of times a minute is not. */
/** The caller's uid, or '' for a visitor. */
function viewerUid(ctx: AppContext): string {
  return (ctx.state.account ?? ctx.state.user)?.uid ?? '';
}

/** The caller's uid when they are signed in (identity User); 1007 for a guest or the signed out. */
function signedInUid(ctx: AppContext): string {
  const account = currentAccount(ctx);
  if (account.identity !== UserIdentity.User) throw new AppError(ErrorCode.NeedLogin);
  return account.uid;
}

const followLimit = rateLimit({ name: 'interact-follow', key: (ctx) => currentAccount(ctx).uid, windowMs: 60_000, max: 60 });
const likeLimit = rateLimit({ name: 'interact-like', key: (ctx) => currentAccount(ctx).uid, windowMs: 60_000, max: 120 });

/**
 * Likes and feedback. Who may call: signed-in accounts (guests get 1007). Youth mode and suspended accounts may
 * like (only creating and commenting are closed to them); nobody may like a story of someone on either side of a
 * block (1201).
 */
export function communityRoutes(router: AppRouter, deps: { now: () => number; events: EventBus }): void {
  useStatsBus(deps.events);
  const like = validate({ body: s.storyLikeBody });
  router.post(`${BASE}/story/like`, requireUser, likeLimit, like, async (ctx) => {
    const b = like.input(ctx).body;
    respond(ctx, await likeStory(currentAccount(ctx).uid, b.story_id, b.like, new Date(deps.now())));
  });
  const likeList = validate({ query: s.cursorQuery });
  router.get(`${BASE}/story/like_list`, requireUser, likeList, async (ctx) => {
    const q = likeList.input(ctx).query;
    respond(ctx, await likedStories(currentAccount(ctx).uid, q.cursor, q.count));
  });

  const fol = validate({ body: s.followBody });
  router.post(`${BASE}/user/follow`, requireUser, followLimit, fol, async (ctx) => {
    const b = fol.input(ctx).body;
    respond(ctx, await follow(currentAccount(ctx).uid, b.uid, b.follow, new Date(deps.now())));
  });
  const status = validate({ query: s.uidQuery });
  router.get(`${BASE}/user/follow_status`, requireUser, status, async (ctx) => {
    respond(ctx, await followStatus(currentAccount(ctx).uid, status.input(ctx).query.uid));
  });
  const folList = validate({ query: s.followListQuery });
  router.get(`${BASE}/user/follow_list`, folList, async (ctx) => {
    const q = folList.input(ctx).query;
    // Without `uid` the list is the caller's own: a signed-in account's only (guests and the signed out get 1007).
    const owner = q.uid ?? signedInUid(ctx);
    respond(ctx, await followList(viewerUid(ctx), owner, q.type, q.cursor, q.count));
  });
  const author = validate({ query: s.uidQuery });
  router.get('/api/tyler/user/author_detail', author, async (ctx) => {
    respond(ctx, await authorDetail(viewerUid(ctx), author.input(ctx).query.uid));
  });
}
