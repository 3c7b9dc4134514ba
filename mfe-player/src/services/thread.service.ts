import { unwrap, type Envelope, type ResponseOf, type ShareInfo, type ThreadCreateRequest } from 'shared-kit';
import { apiClient } from '../api/client';

export type ThreadView = ResponseOf<'GET /tyler/thread/get'>;
export type ThreadCards = ResponseOf<'GET /tyler/thread/list'>;
export type ThreadGroupsView = ResponseOf<'GET /tyler/thread/groups'>;

export function threadGroups(playId: string): Promise<ThreadGroupsView> {
  return unwrap(apiClient.get<Envelope<ThreadGroupsView>>('/tyler/thread/groups', { params: { play_id: playId }, silent: true }));
}

export function postThread(body: ThreadCreateRequest): Promise<ThreadView> {
  return unwrap(apiClient.post<Envelope<ThreadView>>('/tyler/thread/create', body, { silent: true }));
}

export function getThread(threadId: string): Promise<ThreadView> {
  return unwrap(apiClient.get<Envelope<ThreadView>>('/tyler/thread/get', { params: { thread_id: threadId }, silent: true }));
}

export function userThreads(uid: string): Promise<ThreadCards> {
  return unwrap(apiClient.get<Envelope<ThreadCards>>('/tyler/thread/user_list', { params: { uid, count: 20 }, silent: true }));
}

export function feedThreads(offset: number): Promise<ThreadCards> {
  return unwrap(apiClient.get<Envelope<ThreadCards>>('/tyler/thread/list', { params: { offset, count: 20 }, silent: true }));
}

export function likeThread(threadId: string, like: boolean): Promise<{ thread_id: string; liked: boolean; like_count: number }> {
  return unwrap(apiClient.post<Envelope<{ thread_id: string; liked: boolean; like_count: number }>>('/tyler/thread/like', { thread_id: threadId, like }, { silent: true }));
}

export function deleteThread(threadId: string): Promise<{ thread_id: string }> {
  return unwrap(apiClient.post<Envelope<{ thread_id: string }>>('/tyler/thread/del', { thread_id: threadId }, { silent: true }));
}

export function shareThread(threadId: string): Promise<ShareInfo> {
  return unwrap(apiClient.post<Envelope<ShareInfo>>('/share/thread/create_info', { thread_id: threadId }, { silent: true }));
}
