import {
  unwrap,
  type AuditQuery,
  type Envelope,
  type FieldReason,
  type OpsAuditEntry,
  type OpsQueueItem,
  type ReviewClaimRequest,
  type ReviewDecideRequest,
  type ReviewDecision,
  type StoryContent,
  type StoryOperation,
  type StoryReviewResult,
} from 'shared-kit';
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

export type { FieldReason, ReviewDecision as Decision };

export interface AuditPage {
  list: OpsAuditEntry[];
  has_more: boolean;
  cursor: string;
}

export function fetchQueue(): Promise<{ list: OpsQueueItem[] }> {
  return unwrap(apiClient.get<Envelope<{ list: OpsQueueItem[] }>>('/ops/review/queue'));
}

export function claimStory(storyId: string): Promise<Claimed> {
  return unwrap(apiClient.post<Envelope<Claimed>>('/ops/review/claim', { story_id: storyId } satisfies ReviewClaimRequest));
}

export function decideStory(
  storyId: string,
  decision: ReviewDecision,
  reasons: FieldReason[],
  note: string,
  operation: StoryOperation = {},
): Promise<{ story_id: string; status: number }> {
  return unwrap(
    apiClient.post<Envelope<{ story_id: string; status: number }>>('/ops/review/decide', {
      story_id: storyId,
      decision,
      reasons,
      note,
      ...operation,
    } satisfies ReviewDecideRequest),
  );
}

/** The audit log's filters besides the text search; empty ones are left out. */
export type AuditFilters = Pick<AuditQuery, 'action' | 'operator_uid' | 'target_id'>;

export function fetchAudit(q: string, cursor?: string, filters: AuditFilters = {}): Promise<AuditPage> {
  const set = Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, v.trim()]));
  return unwrap(
    apiClient.get<Envelope<AuditPage>>('/ops/audit/list', { params: { ...(q ? { q } : {}), ...set, ...(cursor ? { cursor } : {}), count: 20 } satisfies AuditQuery }),
  );
}
