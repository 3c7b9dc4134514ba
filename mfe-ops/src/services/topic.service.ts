import { unwrap, type Envelope, type OpsBanner, type OpsTopic, type TopicStatus } from 'shared-kit';
import { apiClient } from '../api/client';

export type PlacementKind = 'topic' | 'banner';
export type Placement = OpsTopic | OpsBanner;

export function fetchPlacements(kind: PlacementKind): Promise<{ list: Placement[] }> {
  return unwrap(apiClient.get<Envelope<{ list: Placement[] }>>(`/ops/${kind}/list`));
}

export function savePlacement(kind: PlacementKind, body: Record<string, unknown>): Promise<Placement> {
  return unwrap(apiClient.post<Envelope<Placement>>(`/ops/${kind}/save`, body));
}

export function setPlacementStatus(kind: PlacementKind, id: string, status: TopicStatus): Promise<Placement> {
  return unwrap(apiClient.post<Envelope<Placement>>(`/ops/${kind}/status`, { [`${kind}_id`]: id, status }));
}

export function orderPlacements(kind: PlacementKind, ids: string[]): Promise<{ list: Placement[] }> {
  return unwrap(apiClient.post<Envelope<{ list: Placement[] }>>(`/ops/${kind}/order`, { [`${kind}_ids`]: ids }));
}
