import { unwrap, type CollectionCreateRequest, type Envelope, type ResponseOf } from 'shared-kit';
import { apiClient } from '../api/client';

export type CollectionDetail = ResponseOf<'GET /editor/collection/get'>;
export type MyCollections = ResponseOf<'GET /editor/collection/list'>;
export type PickableCreations = ResponseOf<'GET /editor/collection/creations'>;

export function myCollections(): Promise<MyCollections> {
  return unwrap(apiClient.get<Envelope<MyCollections>>('/editor/collection/list', { params: { count: 50 } }));
}

export function getCollection(collectionId: string): Promise<CollectionDetail> {
  return unwrap(apiClient.get<Envelope<CollectionDetail>>('/editor/collection/get', { params: { collection_id: collectionId } }));
}

export function pickableCreations(keyword: string): Promise<PickableCreations> {
  return unwrap(apiClient.get<Envelope<PickableCreations>>('/editor/collection/creations', { params: { keyword, count: 50 } }));
}

/** Creates a collection, or saves a new revision of one (both go to review). */
export function saveCollection(collectionId: string | null, body: CollectionCreateRequest): Promise<CollectionDetail> {
  return collectionId
    ? unwrap(apiClient.post<Envelope<CollectionDetail>>('/editor/collection/update', { collection_id: collectionId, ...body }))
    : unwrap(apiClient.post<Envelope<CollectionDetail>>('/editor/collection/create', body));
}

export function deleteCollection(collectionId: string): Promise<unknown> {
  return unwrap(apiClient.post<Envelope<unknown>>('/editor/collection/del', { collection_id: collectionId }));
}
