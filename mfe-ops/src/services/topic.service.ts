import {
  unwrap,
  type BannerSaveRequest,
  type Envelope,
  type OpsBanner,
  type OpsTopic,
  type PlacementOrderRequest,
  type PlacementStatusRequest,
  type TopicSaveRequest,
  type TopicStatus,
} from 'shared-kit';
import { apiClient } from '../api/client';

export type PlacementKind = 'topic' | 'banner';
export type Placement = OpsTopic | OpsBanner;

export function fetchPlacements(kind: PlacementKind): Promise<{ list: Placement[] }> {
  return unwrap(apiClient.get<Envelope<{ list: Placement[] }>>(`/ops/${kind}/list`));
}

export function savePlacement(kind: PlacementKind, body: TopicSaveRequest | BannerSaveRequest): Promise<Placement> {
  return unwrap(apiClient.post<Envelope<Placement>>(`/ops/${kind}/save`, body));
}

function statusBody(kind: PlacementKind, id: string, status: TopicStatus): PlacementStatusRequest {
  return kind === 'topic' ? { topic_id: id, status } : { banner_id: id, status };
}

export function setPlacementStatus(kind: PlacementKind, id: string, status: TopicStatus): Promise<Placement> {
  return unwrap(apiClient.post<Envelope<Placement>>(`/ops/${kind}/status`, statusBody(kind, id, status)));
}

export function orderPlacements(kind: PlacementKind, ids: string[]): Promise<{ list: Placement[] }> {
  return unwrap(apiClient.post<Envelope<{ list: Placement[] }>>(`/ops/${kind}/order`, kind === 'topic' ? ({ topic_ids: ids } satisfies PlacementOrderRequest) : ({ banner_ids: ids } satisfies PlacementOrderRequest)));
}
