import { unwrap, type Envelope, type OpsAuditEntry, type OpsQueueItem, type StoryContent, type StoryReviewResult } from 'shared-kit';
import { apiClient } from '../api/client';

export interface Claimed {
  story_id: string;
  version_id: string;
  status: number;
  locked_until: string;
  content: StoryContent | null;
  review_result: StoryReviewResult | null;
  review_notes: string[];
}

export interface FieldReason {
  field: string;
  reason: string;
}

export type Decision = 'Passed' | 'Failed' | 'Unqualified';

export interface AuditPage {
  list: OpsAuditEntry[];
  has_more: boolean;
  cursor: string;
}

export function fetchQueue(): Promise<{ list: OpsQueueItem[] }> {
  return unwrap(apiClient.get<Envelope<{ list: OpsQueueItem[] }>>('/ops/review/queue'));
}

export function claimStory(storyId: string): Promise<Claimed> {
  return unwrap(apiClient.post<Envelope<Claimed>>('/ops/review/claim', { story_id: storyId }));
}

export function decideStory(
  storyId: string,
  decision: Decision,
  reasons: FieldReason[],
  note: string,
  operation: { op_status?: string; visibility?: string | null } = {},
): Promise<{ story_id: string; status: number }> {
  return unwrap(
    apiClient.post<Envelope<{ story_id: string; status: number }>>('/ops/review/decide', {
      story_id: storyId,
      decision,
      reasons,
      note,
      ...operation,
    }),
  );
}

/** The audit log's filters besides the text search; empty ones are left out. */
export interface AuditFilters {
  action?: string;
  operator_uid?: string;
  target_id?: string;
}

export function fetchAudit(q: string, cursor?: string, filters: AuditFilters = {}): Promise<AuditPage> {
  const set = Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, v.trim()]));
  return unwrap(
    apiClient.get<Envelope<AuditPage>>('/ops/audit/list', { params: { ...(q ? { q } : {}), ...set, ...(cursor ? { cursor } : {}), count: 20 } }),
  );
}
