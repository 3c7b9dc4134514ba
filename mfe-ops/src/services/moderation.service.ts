import { unwrap, type Envelope, type OpsMe, type OpsOperateResult, type OpsOperator, type OpsPermission, type ReportCase, type ReportCaseDetail } from 'shared-kit';
import { apiClient } from '../api/client';

export function fetchMe(): Promise<OpsMe> {
  return unwrap(apiClient.get<Envelope<OpsMe>>('/ops/me'));
}

export function fetchOperators(): Promise<{ list: OpsOperator[] }> {
  return unwrap(apiClient.get<Envelope<{ list: OpsOperator[] }>>('/ops/permission/list'));
}

export function updatePermission(user: string, permission: OpsPermission, grant: boolean): Promise<OpsOperator> {
  return unwrap(apiClient.post<Envelope<OpsOperator>>('/ops/permission/update', { user, permission, grant }));
}

export function operateStory(storyId: string, change: { op_status?: string; visibility?: string | null }, reason: string): Promise<OpsOperateResult> {
  return unwrap(apiClient.post<Envelope<OpsOperateResult>>('/ops/story/operate', { story_id: storyId, ...change, reason }));
}

export function fetchReportQueue(sort: 'count' | 'newest', offset = 0): Promise<{ list: ReportCase[]; has_more: boolean; next_offset: number }> {
  return unwrap(apiClient.get<Envelope<{ list: ReportCase[]; has_more: boolean; next_offset: number }>>('/ops/report/queue', { params: { sort, offset, count: 20 } }));
}

export function fetchReportCase(caseId: string): Promise<ReportCaseDetail> {
  return unwrap(apiClient.get<Envelope<ReportCaseDetail>>('/ops/report/get', { params: { case_id: caseId } }));
}

export interface Resolution {
  action: 'NoAction' | 'Remove' | 'Sanction';
  note: string;
  sanction?: { kind: string; days: number };
}

export function resolveReport(caseId: string, r: Resolution): Promise<{ case: ReportCase; notified: number }> {
  return unwrap(apiClient.post<Envelope<{ case: ReportCase; notified: number }>>('/ops/report/resolve', { case_id: caseId, ...r }));
}
