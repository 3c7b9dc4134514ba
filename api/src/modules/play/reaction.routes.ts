import { COMMUNITY_REQUESTS as s } from 'shared-kit/schemas';
import { currentAccount, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { dialogueFeedback, dialogueStatus, likeDialogue, remarkDialogue } from './reaction.service';

/** The spec's paths for a player's reactions to replies (with the community's calls). Signed-in accounts only. */
const BASE = '/api/interact/dialogue';

/** Likes, remarks, feedback and their status on the replies of the caller's own plays. */
export function reactionRoutes(router: AppRouter): void {
  const dLike = validate({ body: s.dialogueLikeBody });
  router.post(`${BASE}/like`, requireUser, dLike, async (ctx) => {
    const b = dLike.input(ctx).body;
    respond(ctx, await likeDialogue(currentAccount(ctx).uid, b.dialogue_id, b.like));
  });
  const remark = validate({ body: s.dialogueRemarkBody });
  router.post(`${BASE}/like_remark`, requireUser, remark, async (ctx) => {
    const b = remark.input(ctx).body;
    respond(ctx, await remarkDialogue(currentAccount(ctx).uid, b.dialogue_id, b.remark));
  });
  const dStatus = validate({ query: s.dialogueStatusQuery });
  router.get(`${BASE}/status`, requireUser, dStatus, async (ctx) => {
    respond(ctx, await dialogueStatus(currentAccount(ctx).uid, dStatus.input(ctx).query.dialogue_ids));
  });
  const feedback = validate({ body: s.dialogueFeedbackBody });
  router.post(`${BASE}/feedback`, requireUser, feedback, async (ctx) => {
    respond(ctx, await dialogueFeedback(currentAccount(ctx).uid, feedback.input(ctx).body));
  });
}
