import { OpsPermission } from 'shared-kit';
import { OPS_REQUESTS as r } from 'shared-kit/schemas';
import { currentAccount, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { requirePermission } from '../staff';
import type { EventBus } from '../../realtime/events';
import { useReviewNotices } from '../review';
import { appealQueue, appealSanction, decideAppeal, giveSanction, liftSanction, mySanctions, searchUsers, userDetail } from './sanction.service';
import { appealStory, decideStoryAppeal, storyAppealQueue, storyAppealState, storyVersionView } from './storyAppeal.service';

const OPS = '/api/ops';
const USER = '/api/tyler/user';

/**
 * Sanctions and appeals. The console's routes need an operator with the moderator permission (1007 signed out,
 * 1008 without it); the user's own (`sanction`, `appeal`) a signed-in account.
 */
export function sanctionRoutes(router: AppRouter, deps: { now: () => number; events: EventBus }): void {
  useReviewNotices(deps.events);
  const operator = requirePermission(OpsPermission.Moderator);

  const search = validate({ query: r.userSearchQuery });
  router.get(`${OPS}/user/search`, operator, search, async (ctx) => {
    const q = search.input(ctx).query;
    respond(ctx, await searchUsers(q.q, deps.now(), q.count));
  });

  const detail = validate({ query: r.userDetailQuery });
  router.get(`${OPS}/user/detail`, operator, detail, async (ctx) => {
    respond(ctx, await userDetail(detail.input(ctx).query.uid, deps.now()));
  });

  const sanction = validate({ body: r.sanctionBody });
  router.post(`${OPS}/user/sanction`, operator, sanction, async (ctx) => {
    respond(ctx, await giveSanction(sanction.input(ctx).body, currentAccount(ctx).uid, deps.now()));
  });

  const lift = validate({ body: r.liftBody });
  router.post(`${OPS}/user/lift`, operator, lift, async (ctx) => {
    const b = lift.input(ctx).body;
    respond(ctx, await liftSanction(b.sanction_id, b.reason, currentAccount(ctx).uid, deps.now()));
  });

  const queue = validate({ query: r.appealQueueQuery });
  router.get(`${OPS}/appeal/queue`, operator, queue, async (ctx) => {
    const count = queue.input(ctx).query.count;
    const [sanctions, stories] = await Promise.all([appealQueue(deps.now(), count), storyAppealQueue(deps.now(), count)]);
    const at = (x: (typeof sanctions.list)[number] | (typeof stories)[number]) => ('appeal' in x ? x.appeal.at : x.at) ?? '';
    const list = [...sanctions.list, ...stories].sort((a, b) => at(a).localeCompare(at(b)));
    respond(ctx, { list: list.slice(0, count) });
  });

  // One of sanction_id (a sanction's appeal), story_id or appeal_id (a story's appeal).
  const decide = validate({ body: r.appealDecideBody });
  router.post(`${OPS}/appeal/decide`, operator, decide, async (ctx) => {
    const b = decide.input(ctx).body;
    const uid = currentAccount(ctx).uid;
    respond(ctx, b.sanction_id ? await decideAppeal({ ...b, sanction_id: b.sanction_id }, uid, deps.now()) : await decideStoryAppeal(b, uid, deps.now()));
  });

  // A story version as judged, read only (no claim): what an appeal is about.
  const version = validate({ query: r.storyVersionQuery });
  router.get(`${OPS}/story/version`, operator, version, async (ctx) => {
    const q = version.input(ctx).query;
    respond(ctx, await storyVersionView(q.story_id, q.version_id, deps.now()));
  });

  router.get(`${USER}/sanction`, requireUser, async (ctx) => {
    respond(ctx, await mySanctions(currentAccount(ctx), deps.now()));
  });

  // One of sanction_id (a sanction in force) or story_id (a story an operator rejected).
  const appeal = validate({ body: r.appealBody });
  router.post(`${USER}/appeal`, requireUser, appeal, async (ctx) => {
    const b = appeal.input(ctx).body;
    const uid = currentAccount(ctx).uid;
    respond(ctx, b.sanction_id ? await appealSanction(uid, b.sanction_id, b.text, deps.now()) : await appealStory(uid, b.story_id!, b.text, deps.now()));
  });

  const appealState = validate({ query: r.appealStateQuery });
  router.get(`${USER}/appeal`, requireUser, appealState, async (ctx) => {
    respond(ctx, await storyAppealState(currentAccount(ctx).uid, appealState.input(ctx).query.story_id));
  });
}
