import { PublishType, SAVE_REQUEST, StoryGenType, unwrap, type Envelope } from 'shared-kit';
import type { BrainstormQuota, EditorStoryQuery, ImageStyle, Plan, PlanReadRequest, PlanRefQuery, StoryCreateInput, StoryCreateResponse, StoryDetail } from 'shared-kit';
import { apiClient } from '../api/client';

export function fetchStory(storyId: string): Promise<StoryDetail> {
  return unwrap(apiClient.get<Envelope<StoryDetail>>('/editor/story/get', { params: { story_id: storyId } satisfies EditorStoryQuery }));
}

export function fetchPlan(planId: string): Promise<Plan> {
  return unwrap(apiClient.get<Envelope<Plan>>('/editor/plan/generate_detail', { params: { plan_id: planId } satisfies PlanRefQuery }));
}

export function fetchQuota(): Promise<BrainstormQuota> {
  // A visitor sees the screen without the count (generating asks them to log in).
  return unwrap(apiClient.get<Envelope<BrainstormQuota>>('/editor/brain_storm/check', { silent: true }));
}

export async function fetchStyles(): Promise<ImageStyle[]> {
  const data = await unwrap(apiClient.get<Envelope<{ image_styles?: ImageStyle[] }>>('/tyler/user/common_config'));
  return data.image_styles ?? [];
}

/** `story/create` with `need_ai_gen`: starts the plan for a new story (no id) or an existing one. */
export function startGeneration(input: { storyId?: string; versionId?: string; idea: string; style: string }): Promise<StoryCreateResponse> {
  return unwrap(
    apiClient.post<Envelope<StoryCreateResponse>>(
      '/editor/story/create',
      {
        ...(input.storyId ? { story_id: input.storyId } : {}),
        ...(input.versionId ? { version: { version_id: input.versionId } } : {}),
        story_gen_type: StoryGenType.AI,
        brain_storm_idea: input.idea,
        image_generate_style: { code: input.style },
        need_ai_gen: true,
        user_manual_save: true,
      } satisfies StoryCreateInput,
      SAVE_REQUEST,
    ),
  );
}

export function cancelGeneration(storyId: string): Promise<{ status: number }> {
  return unwrap(apiClient.post<Envelope<{ status: number }>>('/editor/brain_storm/cancel', { story_id: storyId } satisfies PlanRefQuery));
}

export function markPlanRead(planId: string): Promise<unknown> {
  return unwrap(apiClient.post<Envelope<unknown>>('/editor/plan/read', { plan_id: planId } satisfies PlanReadRequest, { silent: true }));
}

/** Publishes the generated story as it is (the same rules and review as the story editor's publish). */
export function publishStory(story: StoryDetail): Promise<StoryCreateResponse> {
  const info = story.story_info;
  return unwrap(
    apiClient.post<Envelope<StoryCreateResponse>>(
      '/editor/story/create',
      {
        story_id: story.story_id,
        version: story.version,
        story_gen_type: StoryGenType.AI,
        story_name: info.story_name,
        introduction: info.introduction,
        story_setting_visible: info.story_setting_visible,
        image_generate_style: info.image_generate_style,
        voice_over_dubbing: info.voice_over_dubbing,
        brain_storm_idea: info.brain_storm_idea,
        logo: story.logo,
        loading_background: story.loading_background,
        characters: story.characters,
        nodes: story.nodes,
        prologue: story.prologue,
        player: story.player,
        summary: story.summary,
        publish_type: PublishType.Publish,
        user_manual_save: true,
      },
      SAVE_REQUEST,
    ),
  );
}
