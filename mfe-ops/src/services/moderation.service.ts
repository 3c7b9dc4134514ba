import {
  unwrap,
  type Envelope,
  type OperateRequest,
  type OpsMe,
  type OpsOperateResult,
  type OpsOperator,
  type OpsPermission,
  type PermissionChangeRequest,
  type ReportCase,
  type ReportCaseDetail,
  type ReportCaseQuery,
  type ReportQueueQuery,
  type ReportResolveRequest,
  type Resolution,
  type StoryOperation,
} from 'shared-kit';
import { apiClient } from '../api/client';

export function fetchMe(): Promise<OpsMe> {
  return unwrap(apiClient.get<Envelope<OpsMe>>('/ops/me'));
}

export function fetchOperators(): Promise<{ list: OpsOperator[] }> {
  return unwrap(apiClient.get<Envelope<{ list: OpsOperator[] }>>('/ops/permission/list'));
}

export function updatePermission(user: string, permission: OpsPermission, grant: boolean): Promise<OpsOperator> {
  return unwrap(apiClient.post<Envelope<OpsOperator>>('/ops/permission/update', { user, permission, grant } satisfies PermissionChangeRequest));
}

export function operateStory(storyId: string, change: StoryOperation, reason: string): Promise<OpsOperateResult> {
  return unwrap(apiClient.post<Envelope<OpsOperateResult>>('/ops/story/operate', { story_id: storyId, ...change, reason } satisfies OperateRequest));
}

export function fetchReportQueue(sort: 'count' | 'newest', offset = 0): Promise<{ list: ReportCase[]; has_more: boolean; next_offset: number }> {
  return unwrap(apiClient.get<Envelope<{ list: ReportCase[]; has_more: boolean; next_offset: number }>>('/ops/report/queue', { params: { sort, offset, count: 20 } satisfies ReportQueueQuery }));
}

export function fetchReportCase(caseId: string): Promise<ReportCaseDetail> {
  return unwrap(apiClient.get<Envelope<ReportCaseDetail>>('/ops/report/get', { params: { case_id: caseId } satisfies ReportCaseQuery }));
}

export type { Resolution };

export function resolveReport(caseId: string, r: Resolution): Promise<{ case: ReportCase; notified: number }> {
  return unwrap(apiClient.post<Envelope<{ case: ReportCase; notified: number }>>('/ops/report/resolve', { case_id: caseId, ...r } satisfies ReportResolveRequest));
}
