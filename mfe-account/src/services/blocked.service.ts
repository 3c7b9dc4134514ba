import { unwrap, type BlockListQuery, type BlockRequest, type Envelope } from 'shared-kit';
import { apiClient } from '../api/client';
import type { BlockListPage } from '../api/types';

export const BLOCK_PAGE_SIZE = 20;

export function fetchBlockList(offset = 0): Promise<BlockListPage> {
  return unwrap(
    apiClient.get<Envelope<BlockListPage>>('/tyler/user/block_list', { params: { offset, count: BLOCK_PAGE_SIZE } satisfies BlockListQuery }),
  );
}

export function unblockUser(uid: string): Promise<{ uid: string; blocked: boolean }> {
  return unwrap(apiClient.post<Envelope<{ uid: string; blocked: boolean }>>('/tyler/user/unblock', { uid } satisfies BlockRequest));
}

export function blockUser(uid: string): Promise<{ uid: string; blocked: boolean }> {
  return unwrap(apiClient.post<Envelope<{ uid: string; blocked: boolean }>>('/tyler/user/block', { uid } satisfies BlockRequest));
}
