import { unwrap, type Envelope, type OpsMe, type OpsOperateResult, type OpsOperator, type OpsPermission } from 'shared-kit';
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
