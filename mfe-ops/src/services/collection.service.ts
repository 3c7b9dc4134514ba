import { unwrap, type CollectionDecideRequest, type CollectionQueueItem, type Envelope } from 'shared-kit';
import { apiClient } from '../api/client';

/** Collections waiting for review or flagged by it, oldest first. */
export function fetchCollectionQueue(): Promise<{ list: CollectionQueueItem[] }> {
  return unwrap(apiClient.get<Envelope<{ list: CollectionQueueItem[] }>>('/ops/review/collection_queue'));
}

/** The operator's verdict on one revision of a collection; audited by the api. */
export function decideCollection(body: CollectionDecideRequest): Promise<{ collection_id: string; status: string }> {
  return unwrap(apiClient.post<Envelope<{ collection_id: string; status: string }>>('/ops/review/collection_decide', body));
}
