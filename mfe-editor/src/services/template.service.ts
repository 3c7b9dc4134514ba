import {
  browserQuery,
  SAVE_REQUEST,
  unwrap,
  type Envelope,
  type ResponseOf,
  type StoryContent,
  type StoryCreateResponse,
  type TemplateCreateInput,
  type TemplateValues,
} from 'shared-kit';
import { apiClient } from '../api/client';

export type TemplateList = ResponseOf<'GET /editor/template/get_list'>;
export type TemplateDetail = ResponseOf<'GET /editor/template/get'>;
export type TemplateSaved = ResponseOf<'POST /editor/template/create'>;
export type TemplateWhiteList = ResponseOf<'GET /editor/template/white_list'>;
export type CreatorStoryList = ResponseOf<'GET /editor/template/creator_story_list'>;

export function listTemplates(query: {
  search?: string;
  category?: string;
  scope?: 'published' | 'mine';
  count?: number;
}): Promise<TemplateList> {
  return unwrap(apiClient.get<Envelope<TemplateList>>('/editor/template/get_list', { params: query }));
}

export function getTemplate(templateId: string): Promise<TemplateDetail> {
  return unwrap(
    apiClient.get<Envelope<TemplateDetail>>('/editor/template/get', { params: { template_id: templateId } }),
  );
}

/** Saves (or creates) a template. Field errors and a stale revision are the editor's to show; 1010503 goes to the shell. */
export function saveTemplate(body: TemplateCreateInput): Promise<TemplateSaved> {
  return unwrap(apiClient.post<Envelope<TemplateSaved>>('/editor/template/create', body, SAVE_REQUEST));
}

export function whiteList(): Promise<TemplateWhiteList> {
  return unwrap(apiClient.get<Envelope<TemplateWhiteList>>('/editor/template/white_list'));
}

/** The complete example story a new template starts from (it passes every publish rule as it is). */
export async function exampleStory(): Promise<StoryContent> {
  const data = await unwrap(apiClient.get<Envelope<{ story: StoryContent }>>('/editor/get_example'));
  return data.story;
}

/** Makes a story from a published template with the values filled in (the form shows field errors). */
export function createFromTemplate(templateId: string, values: TemplateValues): Promise<StoryCreateResponse> {
  return unwrap(
    apiClient.post<Envelope<StoryCreateResponse>>(
      '/editor/story/create',
      { template: { template_id: templateId, values } },
      { ...SAVE_REQUEST, params: browserQuery() },
    ),
  );
}

/** The stories made from one of the caller's templates (newest first). */
export function creatorStoryList(templateId: string): Promise<CreatorStoryList> {
  return unwrap(
    apiClient.get<Envelope<CreatorStoryList>>('/editor/template/creator_story_list', {
      params: { template_id: templateId, count: 50 },
    }),
  );
}

/** A template's extra pictures (shown on its page in the gallery). */
export function getImages(templateId: string): Promise<ResponseOf<'GET /editor/template/get_images'>> {
  return unwrap(
    apiClient.get<Envelope<ResponseOf<'GET /editor/template/get_images'>>>('/editor/template/get_images', {
      params: { template_id: templateId },
    }),
  );
}

/** Replaces a template's extra pictures (at most six); the template's cover is left as it is. */
export function updateImages(
  templateId: string,
  images: string[],
): Promise<ResponseOf<'POST /editor/template/update_images'>> {
  return unwrap(
    apiClient.post<Envelope<ResponseOf<'POST /editor/template/update_images'>>>(
      '/editor/template/update_images',
      { template_id: templateId, images },
    ),
  );
}
