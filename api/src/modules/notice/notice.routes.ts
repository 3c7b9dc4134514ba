import { COMMUNITY_REQUESTS } from 'shared-kit/schemas';
import { currentAccount, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import type { EventBus } from '../../realtime/events';
import { markRead, noticeList, unreadCount, useNoticeBus } from './notice.service';

const BASE = '/api/notice_box';

/** The people inbox: replies, likes, follows and pins. Signed-in accounts only. */
export function noticeRoutes(router: AppRouter, deps: { events: EventBus }): void {
  useNoticeBus(deps.events);
  const list = validate({ query: COMMUNITY_REQUESTS.cursorQuery });
  router.get(`${BASE}/list`, requireUser, list, async (ctx) => {
    const q = list.input(ctx).query;
    respond(ctx, await noticeList(currentAccount(ctx).uid, q.cursor, q.count));
  });
  router.get(`${BASE}/unread`, requireUser, async (ctx) => respond(ctx, await unreadCount(currentAccount(ctx).uid)));
  const read = validate({ body: COMMUNITY_REQUESTS.noticeReadBody });
  router.post(`${BASE}/read`, requireUser, read, async (ctx) => {
    respond(ctx, await markRead(currentAccount(ctx).uid, read.input(ctx).body.notice_ids));
  });
}
