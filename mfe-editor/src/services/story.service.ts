import {
  browserQuery,
  SAVE_REQUEST,
  unwrap,
  type EditorStoryListQuery,
  type EditorStoryQuery,
  type Envelope,
  type PermissionUpdateRequest,
  type SetTopRequest,
  type StoryIdRequest,
  type StoryCreateInput,
  type StoryCreateResponse,
  type StoryAppeal,
  type StoryAppealState,
  type AppealRequest,
  type AppealStateQuery,
} from 'shared-kit';
import { apiClient } from '../api/client';
import type { StoryDetail, StoryList, StoryPermission } from '../api/types';

/** The working copy of one of the creator's stories. */
export function getStory(storyId: string): Promise<StoryDetail> {
  return unwrap(
    apiClient.get<Envelope<StoryDetail>>('/editor/story/get', { params: { story_id: storyId, ...browserQuery() } satisfies EditorStoryQuery }),
  );
}

/**
 * Saves a draft or publishes (spec section 7), with the 30 s save timeout. Silent: the editor shows field errors,
 * the stale-version message and the failure toast itself.
 */
export function createStory(body: StoryCreateInput): Promise<StoryCreateResponse> {
  return unwrap(
    apiClient.post<Envelope<StoryCreateResponse>>('/editor/story/create', body, {
      ...SAVE_REQUEST,
      params: browserQuery(),
    }),
  );
}

export function listStories(query: EditorStoryListQuery): Promise<StoryList> {
  return unwrap(apiClient.get<Envelope<StoryList>>('/editor/story/list', { params: query }));
}

export function deleteStory(storyId: string): Promise<unknown> {
  return unwrap(apiClient.post<Envelope<unknown>>('/editor/story/del', { story_id: storyId } satisfies StoryIdRequest));
}

export function setTop(storyId: string, isTop: boolean): Promise<unknown> {
  return unwrap(apiClient.post<Envelope<unknown>>('/editor/story/set_top', { story_id: storyId, is_top: isTop } satisfies SetTopRequest));
}

export async function updatePermission(storyId: string, permission: Partial<StoryPermission>): Promise<StoryPermission> {
  const data = await unwrap(
    apiClient.post<Envelope<{ story_id: string; permission: StoryPermission }>>('/editor/permission/update', {
      story_id: storyId,
      permission,
    } satisfies PermissionUpdateRequest),
  );
  return data.permission;
}

/** The appeal of the story's rejected version, and whether one can still be made. */
export function getAppeal(storyId: string): Promise<StoryAppealState> {
  return unwrap(apiClient.get<Envelope<StoryAppealState>>('/tyler/user/appeal', { params: { story_id: storyId } satisfies AppealStateQuery, silent: true }));
}

/** The creator's one appeal of the version an operator rejected. */
export function sendAppeal(storyId: string, text: string): Promise<StoryAppeal> {
  return unwrap(apiClient.post<Envelope<StoryAppeal>>('/tyler/user/appeal', { story_id: storyId, text } satisfies AppealRequest, { silent: true }));
}
