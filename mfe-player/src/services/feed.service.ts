import { FEED_FIRST_PAGE, unwrap, type DelPlayedRequest, type Envelope, type PlayedStoryQuery, type SearchRequest } from 'shared-kit';
import { apiClient } from '../api/client';
import type { ChatEntry, Coverage, PlayedStory, StoryCard, StoryDetail, StoryPage } from '../api/types';

const T = '/tyler';

/** Pages come back as `{ stories | list, has_more, next_offset }`; missing paging fields are derived. */
export function page<T>(raw: unknown, offset: number): StoryPage<T> {
  const body = (raw ?? {}) as { stories?: T[]; list?: T[]; has_more?: boolean; next_offset?: number };
  const stories = body.stories ?? body.list ?? [];
  return { stories, has_more: body.has_more ?? false, next_offset: body.next_offset ?? offset + stories.length };
}

/** "For you": stories that passed review, newest first. */
export async function listStories(offset: number, count: number): Promise<StoryPage<StoryCard>> {
  return page(await unwrap(apiClient.get<Envelope<unknown>>(FEED_FIRST_PAGE.url, { params: { offset, count } })), offset);
}

/** The player's played stories, latest first (only those of the last `withinDays` when given). Silent: a visitor simply has none. */
export async function playedStories(offset: number, count: number, withinDays?: number): Promise<StoryPage<PlayedStory>> {
  const params: PlayedStoryQuery = withinDays === undefined ? { offset, count } : { offset, count, within_days: withinDays };
  return page(await unwrap(apiClient.get<Envelope<unknown>>(`${T}/played_story`, { params, silent: true })), offset);
}

/** The player's conversations: each story's latest play with its last line, newest first. Silent like the history. */
export async function chatList(offset: number, count: number): Promise<StoryPage<ChatEntry>> {
  return page(await unwrap(apiClient.get<Envelope<unknown>>(`${T}/chat_list`, { params: { offset, count }, silent: true })), offset);
}

/** Removes a story from the player's history (its plays stay on record). */
export async function deletePlayed(storyId: string): Promise<void> {
  await unwrap(apiClient.get<Envelope<unknown>>(`${T}/del_played_story`, { params: { story_id: storyId } satisfies DelPlayedRequest }));
}

/** Clears the player's whole history. */
export async function clearPlayed(): Promise<void> {
  await unwrap(apiClient.get<Envelope<unknown>>(`${T}/del_played_story`, { params: { all: '1' } satisfies DelPlayedRequest }));
}

export async function search(keyword: string, offset: number, size: number, signal?: AbortSignal): Promise<StoryPage<StoryCard>> {
  return page(await unwrap(apiClient.post<Envelope<unknown>>(`${T}/search`, { keyword, offset, size } satisfies SearchRequest, { signal })), offset);
}

export function storyDetail(storyId: string): Promise<StoryDetail> {
  return unwrap(apiClient.get<Envelope<StoryDetail>>(`${T}/detail`, { params: { story_id: storyId }, silent: true }));
}

/** Whether the player already has a play of this story (Continue rather than Play). */
export function coverage(storyId: string): Promise<Coverage> {
  return unwrap(apiClient.get<Envelope<Coverage>>(`${T}/check_coverage`, { params: { story_id: storyId }, silent: true }));
}
