import { OpsPermission } from 'shared-kit';
import { FEEDBACK_REQUESTS } from 'shared-kit/schemas';
import { chatGuards, currentAccount, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { requirePermission } from '../staff';
import { answerFeedback, closeFeedback, myFeedback, opsFeedbackList, submitFeedback } from './feedback.service';
import { holdStory } from './hold.service';

/**
 * Who may call: `feedback/submit` and `feedback/list` any signed-in account (a banned one too: feedback is how one
 * reaches the team); `interact/story/feedback` a signed-in account past the first-sign-in confirmation; the console's
 * `ops/feedback/*` operators with content_operator (or admin).
 */
export function feedbackRoutes(router: AppRouter, deps: { now: () => number }): void {
  const submit = validate({ body: FEEDBACK_REQUESTS.submitBody });
  router.post('/api/feedback/submit', requireUser, submit, async (ctx) => {
    respond(ctx, await submitFeedback(currentAccount(ctx).uid, submit.input(ctx).body, deps.now()));
  });
  const list = validate({ query: FEEDBACK_REQUESTS.listQuery });
  router.get('/api/feedback/list', requireUser, list, async (ctx) => {
    const q = list.input(ctx).query;
    respond(ctx, await myFeedback(currentAccount(ctx).uid, q.offset, q.count));
  });

  const hold = validate({ body: FEEDBACK_REQUESTS.storyFeedbackBody });
  router.post('/api/interact/story/feedback', ...chatGuards, hold, async (ctx) => {
    respond(ctx, await holdStory(currentAccount(ctx).uid, hold.input(ctx).body, deps.now()));
  });

  const operator = requirePermission(OpsPermission.ContentOperator);
  const opsList = validate({ query: FEEDBACK_REQUESTS.listQuery });
  router.get('/api/ops/feedback/list', operator, opsList, async (ctx) => {
    const q = opsList.input(ctx).query;
    respond(ctx, await opsFeedbackList(q.status, q.offset, q.count));
  });
  const answer = validate({ body: FEEDBACK_REQUESTS.answerBody });
  router.post('/api/ops/feedback/answer', operator, answer, async (ctx) => {
    const b = answer.input(ctx).body;
    respond(ctx, await answerFeedback(currentAccount(ctx).uid, b.feedback_id, b.answer, deps.now()));
  });
  const close = validate({ body: FEEDBACK_REQUESTS.closeBody });
  router.post('/api/ops/feedback/close', operator, close, async (ctx) => {
    respond(ctx, await closeFeedback(close.input(ctx).body.feedback_id, deps.now()));
  });
}
