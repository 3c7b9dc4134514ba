import type { z } from 'zod';
import { OpsPermission, type TopicStatus } from 'shared-kit';
import { TOPIC_REQUESTS } from 'shared-kit/schemas';
import { currentAccount } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { requirePermission } from '../staff';
import { homeContent, listAll, savePlacement, setOrder, setStatus, topicDetail, type Kind } from './topic.service';

const OPS = '/api/ops';
/**
 * Topics and banners. The console's routes need an operator with the content operator permission (1007 / 1008);
 * the player's home (`/api/activity/home`, `topic/detail`) is open to everyone, whitelisted accounts seeing what is
 * in Testing too.
 */
export function topicRoutes(router: AppRouter, deps: { now: () => number }): void {
  const contentOperator = requirePermission(OpsPermission.ContentOperator);

  const bodies = TOPIC_REQUESTS.save;

  for (const kind of ['topic', 'banner'] as Kind[]) {
    const key = `${kind}_id` as const;
    router.get(`${OPS}/${kind}/list`, contentOperator, async (ctx) => respond(ctx, await listAll(kind)));

    const save = validate({ body: bodies[kind] });
    router.post(`${OPS}/${kind}/save`, contentOperator, save, async (ctx) => {
      const body = save.input(ctx).body as Record<string, unknown> & z.infer<(typeof bodies)['topic']> & z.infer<(typeof bodies)['banner']>;
      const { [key]: given, ...rest } = body;
      respond(ctx, await savePlacement(kind, { ...rest, id: given as string | undefined }, currentAccount(ctx).uid, deps.now()));
    });

    const status = validate({ body: TOPIC_REQUESTS.status[kind] });
    router.post(`${OPS}/${kind}/status`, contentOperator, status, async (ctx) => {
      const body = status.input(ctx).body as Record<string, string> & { status: TopicStatus };
      respond(ctx, await setStatus(kind, body[key]!, body.status, currentAccount(ctx).uid, deps.now()));
    });

    const order = validate({ body: TOPIC_REQUESTS.order[kind] });
    router.post(`${OPS}/${kind}/order`, contentOperator, order, async (ctx) => {
      const ids = (order.input(ctx).body as Record<string, string[]>)[`${key}s`]!;
      respond(ctx, await setOrder(kind, ids, currentAccount(ctx).uid, deps.now()));
    });
  }

  router.get('/api/activity/home', async (ctx) => {
    respond(ctx, await homeContent(ctx.state.account?.uid ?? null, deps.now()));
  });

  const detail = validate({ query: TOPIC_REQUESTS.detailQuery });
  router.get('/api/activity/topic/detail', detail, async (ctx) => {
    respond(ctx, await topicDetail(detail.input(ctx).query.topic_id, ctx.state.account?.uid ?? null, deps.now()));
  });
}
