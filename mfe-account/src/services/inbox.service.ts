import { COMMUNITY_LIMITS, unwrap, type CursorQuery, type Envelope, type NoticePage, type NoticeReadRequest } from 'shared-kit';
import { apiClient } from '../api/client';

/** A page of the people inbox, newest first. */
export function fetchNotices(cursor: string): Promise<NoticePage> {
  const params: CursorQuery = { count: COMMUNITY_LIMITS.pageDefault };
  if (cursor) params.cursor = cursor;
  return unwrap(apiClient.get<Envelope<NoticePage>>('/notice_box/list', { params, silent: true }));
}

/** Marks every line read; answers how many stay unread (none). */
export async function markAllRead(): Promise<number> {
  const result = await unwrap(apiClient.post<Envelope<{ unread: number }>>('/notice_box/read', {} satisfies NoticeReadRequest, { silent: true }));
  return result.unread;
}
