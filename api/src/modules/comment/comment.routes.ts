import type { ForbiddenWords } from 'shared-kit';
import { creationGuards, currentAccount, requireUser } from '../../lib/auth';
import type { AppContext, AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { COMMUNITY_REQUESTS as r } from 'shared-kit/schemas';
import { deleteComment, getComment, likeComment, listComments, listReplies, pinComment, postComment, switchComments } from './comment.service';

const BASE = '/api/interact/comment';

/** The caller's uid, or '' for a visitor (reads are open to everyone). */
function viewerUid(ctx: AppContext): string {
  return (ctx.state.account ?? ctx.state.user)?.uid ?? '';
}

const postLimit = rateLimit({ name: 'comment-post', key: (ctx) => currentAccount(ctx).uid, windowMs: 60_000, max: 20 });
const likeLimit = rateLimit({ name: 'comment-like', key: (ctx) => currentAccount(ctx).uid, windowMs: 60_000, max: 120 });

/**
 * Comments. Who may call: reading (`list`, `get`, `list_root_children_data`) anyone; posting a signed-in, onboarded
 * account outside youth mode (3000002) and without a creation ban (1010250); deleting its author or the story's
 * creator; pinning and opening or closing the story's creator; liking any signed-in account.
 */
export function commentRoutes(router: AppRouter, deps: { forbidden: ForbiddenWords; now: () => number }): void {
  const post = validate({ body: r.commentPostBody });
  router.post(`${BASE}/post`, ...creationGuards, postLimit, post, async (ctx) => {
    respond(ctx, await postComment(currentAccount(ctx).uid, post.input(ctx).body, deps.forbidden, new Date(deps.now())));
  });
  const del = validate({ body: r.commentIdBody });
  router.post(`${BASE}/delete`, requireUser, del, async (ctx) => {
    respond(ctx, await deleteComment(currentAccount(ctx).uid, del.input(ctx).body.comment_id));
  });
  const list = validate({ query: r.commentListQuery });
  router.get(`${BASE}/list`, list, async (ctx) => {
    const q = list.input(ctx).query;
    respond(ctx, await listComments(viewerUid(ctx), q.story_id, q.sort, q.cursor, q.count));
  });
  const replies = validate({ query: r.commentRepliesQuery });
  router.get(`${BASE}/list_root_children_data`, replies, async (ctx) => {
    const q = replies.input(ctx).query;
    respond(ctx, await listReplies(viewerUid(ctx), q.comment_id, q.cursor, q.count));
  });
  const get = validate({ query: r.commentGetQuery });
  router.get(`${BASE}/get`, get, async (ctx) => respond(ctx, await getComment(viewerUid(ctx), get.input(ctx).query.comment_id)));
  const pin = validate({ body: r.commentPinBody });
  router.post(`${BASE}/pin`, requireUser, pin, async (ctx) => {
    const b = pin.input(ctx).body;
    respond(ctx, await pinComment(currentAccount(ctx).uid, b.comment_id, b.pin));
  });
  const like = validate({ body: r.commentLikeBody });
  router.post(`${BASE}/like`, requireUser, likeLimit, like, async (ctx) => {
    const b = like.input(ctx).body;
    respond(ctx, await likeComment(currentAccount(ctx).uid, b.comment_id, b.like));
  });
  const sw = validate({ body: r.commentSwitchBody });
  router.post(`${BASE}/switch`, requireUser, sw, async (ctx) => {
    const b = sw.input(ctx).body;
    respond(ctx, await switchComments(currentAccount(ctx).uid, b.story_id, b.comment_status));
  });
}
