import {
  unwrap,
  type AppealDecideRequest,
  type Envelope,
  type LiftRequest,
  type OpsAppealItem,
  type OpsStoryAppealItem,
  type OpsStoryVersion,
  type StoryAppeal,
  type OpsUserDetail,
  type OpsUserRow,
  type Sanction,
  type SanctionKind,
  type SanctionRequest,
  type StoryVersionQuery,
  type UserDetailQuery,
  type UserSearchQuery,
} from 'shared-kit';
import { apiClient } from '../api/client';

export function searchUsers(q: string): Promise<{ list: OpsUserRow[] }> {
  return unwrap(apiClient.get<Envelope<{ list: OpsUserRow[] }>>('/ops/user/search', { params: { q } satisfies UserSearchQuery }));
}

export function fetchUser(uid: string): Promise<OpsUserDetail> {
  return unwrap(apiClient.get<Envelope<OpsUserDetail>>('/ops/user/detail', { params: { uid } satisfies UserDetailQuery }));
}

export function giveSanction(uid: string, kind: SanctionKind, days: number, reason: string): Promise<Sanction> {
  return unwrap(apiClient.post<Envelope<Sanction>>('/ops/user/sanction', { uid, kind, days, reason } satisfies SanctionRequest));
}

export function liftSanction(sanctionId: string, reason: string): Promise<Sanction> {
  return unwrap(apiClient.post<Envelope<Sanction>>('/ops/user/lift', { sanction_id: sanctionId, reason } satisfies LiftRequest));
}

/** Appeals waiting: of sanctions, and of stories (`kind: "Story"`). */
export function fetchAppeals(): Promise<{ list: Array<OpsAppealItem | OpsStoryAppealItem> }> {
  return unwrap(apiClient.get<Envelope<{ list: Array<OpsAppealItem | OpsStoryAppealItem> }>>('/ops/appeal/queue'));
}

export function decideAppeal(sanctionId: string, decision: 'Approved' | 'Rejected', reason: string): Promise<Sanction> {
  return unwrap(apiClient.post<Envelope<Sanction>>('/ops/appeal/decide', { sanction_id: sanctionId, decision, reason } satisfies AppealDecideRequest));
}

export function decideStoryAppeal(appealId: string, decision: 'Approved' | 'Rejected', reason: string): Promise<StoryAppeal> {
  return unwrap(apiClient.post<Envelope<StoryAppeal>>('/ops/appeal/decide', { appeal_id: appealId, decision, reason } satisfies AppealDecideRequest));
}

/** A story version as it was judged, read only (nothing is claimed): content, reasons, decision, appeal, edits since. */
export function fetchStoryVersion(storyId: string, versionId: string): Promise<OpsStoryVersion> {
  return unwrap(apiClient.get<Envelope<OpsStoryVersion>>('/ops/story/version', { params: { story_id: storyId, version_id: versionId } satisfies StoryVersionQuery }));
}
