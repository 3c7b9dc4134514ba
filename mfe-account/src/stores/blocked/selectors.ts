import type { BlockedState } from './store';

export const selectBlocked = (s: BlockedState) => s.list;
export const selectBlockedStatus = (s: BlockedState) => s.status;
export const selectBlockedError = (s: BlockedState) => s.error;
export const selectIsEmpty = (s: BlockedState) => s.status === 'ready' && s.list.length === 0;
export const selectUnblocking = (s: BlockedState) => s.unblocking;
export const selectUnblockError = (s: BlockedState) => s.unblockError;
export const selectHasMore = (s: BlockedState) => s.hasMore;
