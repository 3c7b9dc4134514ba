import { OpsPermission } from 'shared-kit';
import { COLLECTION_REQUESTS as r } from 'shared-kit/schemas';
import { creationGuards, currentAccount, currentUser, requireUser } from '../../lib/auth';
import type { AppContext, AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { requirePermission } from '../staff';
import { registerUserDeletionHook } from '../users';
import { Collection } from './collection.model';
import { collectionQueue, decideCollection } from './collection.review';
import {
  createCollection,
  deleteCollection,
  getCollection,
  likeCollection,
  myCollections,
  pickableCreations,
  removeUserCollections,
  updateCollection,
  userCollections,
  type CollectionLimits,
} from './collection.service';

registerUserDeletionHook({ name: 'collections', count: (uid) => Collection.countDocuments({ uid, deleted_at: null }), remove: removeUserCollections });

const C = '/api/editor/collection';

export interface CollectionRouteDeps {
  limits: CollectionLimits;
  now: () => number;
  /** Looks for review work now (a collection was queued). */
  kickReview: () => void;
}

/** The caller's uid, or '' for a visitor with no session. */
const viewerOf = (ctx: AppContext): string => (ctx.state.account ?? ctx.state.user)?.uid ?? '';

/**
 * Collections (spec sections 1, 3, 4, 5) under the editor's prefix. Making, changing and deleting one's own: a
 * signed-in account that may create (1007 signed out or a guest; suspended and youth mode refused as for stories).
 * Reading a collection and a creator's collections: anyone, as a story page is (nothing across a block). Likes:
 * signed-in accounts. The console's review of collections: operators with the reviewer permission.
 */
export function collectionRoutes(router: AppRouter, deps: CollectionRouteDeps): void {
  const create = validate({ body: r.create });
  router.post(`${C}/create`, ...creationGuards, create, async (ctx) => {
    const out = await createCollection(currentUser(ctx).uid, create.input(ctx).body, deps.limits, deps.now());
    deps.kickReview();
    respond(ctx, out);
  });

  const update = validate({ body: r.update });
  router.post(`${C}/update`, ...creationGuards, update, async (ctx) => {
    const out = await updateCollection(currentUser(ctx).uid, update.input(ctx).body, deps.limits, deps.now());
    deps.kickReview();
    respond(ctx, out);
  });

  const idBody = validate({ body: r.idBody });
  router.post(`${C}/del`, requireUser, idBody, async (ctx) => {
    respond(ctx, await deleteCollection(currentUser(ctx).uid, idBody.input(ctx).body.collection_id, deps.now()));
  });

  const id = validate({ query: r.id });
  router.get(`${C}/get`, id, async (ctx) => {
    respond(ctx, await getCollection(id.input(ctx).query.collection_id, viewerOf(ctx)));
  });

  const page = validate({ query: r.creations.pick({ offset: true, count: true }) });
  router.get(`${C}/list`, requireUser, page, async (ctx) => {
    const q = page.input(ctx).query;
    respond(ctx, await myCollections(currentUser(ctx).uid, q.offset, q.count, deps.limits));
  });

  const userList = validate({ query: r.userList });
  router.get(`${C}/user_list`, userList, async (ctx) => {
    const q = userList.input(ctx).query;
    respond(ctx, await userCollections(q.uid, viewerOf(ctx), q.offset, q.count));
  });

  const creations = validate({ query: r.creations });
  router.get(`${C}/creations`, requireUser, creations, async (ctx) => {
    respond(ctx, await pickableCreations(currentUser(ctx).uid, creations.input(ctx).query, deps.limits));
  });

  const like = validate({ body: r.like });
  router.post(`${C}/like`, requireUser, like, async (ctx) => {
    const b = like.input(ctx).body;
    respond(ctx, await likeCollection(currentAccount(ctx).uid, b.collection_id, b.like));
  });

  // The console's review queue shows collections beside stories.
  const reviewer = requirePermission(OpsPermission.Reviewer);
  const queue = validate({ query: r.queue });
  router.get('/api/ops/review/collection_queue', reviewer, queue, async (ctx) => {
    respond(ctx, await collectionQueue(queue.input(ctx).query.count));
  });
  const decide = validate({ body: r.decide });
  router.post('/api/ops/review/collection_decide', reviewer, decide, async (ctx) => {
    respond(ctx, await decideCollection(decide.input(ctx).body, currentAccount(ctx).uid, deps.now()));
  });
}
