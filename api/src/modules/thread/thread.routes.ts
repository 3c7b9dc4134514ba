import { THREAD_REQUESTS as r } from 'shared-kit/schemas';
import { creationGuards, currentAccount, currentUser, requireUser } from '../../lib/auth';
import type { AppContext, AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { registerUserDeletionHook } from '../users';
import { createThread, pickableGroups, type ThreadLimits } from './thread.post';
import { countUserThreads, deleteThread, feedThreads, getThread, likeThread, removeUserThreads, userThreads } from './thread.read';

const T = '/api/tyler/thread';

// A person's threads (and their likes of threads) go with their account.
registerUserDeletionHook({ name: 'threads', count: countUserThreads, remove: removeUserThreads });

export interface ThreadRouteDeps {
  limits: ThreadLimits;
  now: () => number;
}

/** The caller's uid, or '' for a visitor with no session. */
const viewerOf = (ctx: AppContext): string => (ctx.state.account ?? ctx.state.user)?.uid ?? '';

const postLimit = rateLimit({ name: 'thread-post', key: (ctx) => currentAccount(ctx).uid, windowMs: 60_000, max: 60 });

/**
 * Threads (spec sections 1, 3, 5) under the play's prefix. The groups of one's play: its own player, signed in
 * (1007 for visitors and guests). Posting: also refused in youth mode and to suspended accounts, as creating is. Reading a thread and the lists: anyone
 * (nothing across a block). Likes and deleting one's own: signed in. Comments are `/api/interact/comment/*` with the
 * thread's id as `story_id`; reports `POST /api/report/thread`; the share link `POST /api/share/thread/create_info`.
 */
export function threadRoutes(router: AppRouter, deps: ThreadRouteDeps): void {
  const groups = validate({ query: r.groups });
  router.get(`${T}/groups`, requireUser, groups, async (ctx) => {
    respond(ctx, await pickableGroups(currentUser(ctx).uid, groups.input(ctx).query.play_id, deps.limits, deps.now()));
  });

  const create = validate({ body: r.create });
  router.post(`${T}/create`, ...creationGuards, postLimit, create, async (ctx) => {
    const uid = currentUser(ctx).uid;
    const made = await createThread(uid, create.input(ctx).body, deps.limits, deps.now());
    respond(ctx, await getThread(made.thread_id, uid));
  });

  const id = validate({ query: r.id });
  router.get(`${T}/get`, id, async (ctx) => {
    respond(ctx, await getThread(id.input(ctx).query.thread_id, viewerOf(ctx)));
  });

  const idBody = validate({ body: r.idBody });
  router.post(`${T}/del`, requireUser, idBody, async (ctx) => {
    respond(ctx, await deleteThread(currentUser(ctx).uid, idBody.input(ctx).body.thread_id, deps.now()));
  });

  const userList = validate({ query: r.userList });
  router.get(`${T}/user_list`, userList, async (ctx) => {
    const q = userList.input(ctx).query;
    respond(ctx, await userThreads(q.uid, viewerOf(ctx), q.offset, q.count));
  });

  const list = validate({ query: r.list });
  router.get(`${T}/list`, list, async (ctx) => {
    const q = list.input(ctx).query;
    respond(ctx, await feedThreads(viewerOf(ctx), q.offset, q.count));
  });

  const like = validate({ body: r.like });
  router.post(`${T}/like`, requireUser, like, async (ctx) => {
    const b = like.input(ctx).body;
    respond(ctx, await likeThread(currentAccount(ctx).uid, b.thread_id, b.like));
  });
}
