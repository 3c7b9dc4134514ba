import { unwrap, type Envelope, type ResponseOf, type ShareInfo } from 'shared-kit';
import { apiClient } from '../api/client';

export type CollectionView = ResponseOf<'GET /editor/collection/get'>;
export type CollectionCards = ResponseOf<'GET /editor/collection/user_list'>;

export function getCollection(collectionId: string): Promise<CollectionView> {
  return unwrap(apiClient.get<Envelope<CollectionView>>('/editor/collection/get', { params: { collection_id: collectionId }, silent: true }));
}

export function userCollections(uid: string): Promise<CollectionCards> {
  return unwrap(apiClient.get<Envelope<CollectionCards>>('/editor/collection/user_list', { params: { uid, count: 20 }, silent: true }));
}

export function likeCollection(collectionId: string, like: boolean): Promise<{ collection_id: string; liked: boolean; like_count: number }> {
  return unwrap(apiClient.post<Envelope<{ collection_id: string; liked: boolean; like_count: number }>>('/editor/collection/like', { collection_id: collectionId, like }, { silent: true }));
}

export function shareCollection(collectionId: string): Promise<ShareInfo> {
  return unwrap(apiClient.post<Envelope<ShareInfo>>('/share/collection/create_info', { collection_id: collectionId }, { silent: true }));
}
