import { createContext, useContext, useEffect } from 'react';
import { PushType, createSocketClient, type PushMessage, type SocketClient, type SocketClientOptions } from 'shared-kit';
import { useCommentsStore } from '../../stores/comments/store';
import { useLiveCountsStore } from '../../stores/live-counts/store';
import { useStoryStatsStore } from '../../stores/story-stats/store';

export type StorySocketFactory = (options: SocketClientOptions) => SocketClient;

/** A story's counts as the api pushes them to everyone with its page open. */
export function applyStoryPush(push: PushMessage): void {
  const { story_id: storyId, like_count: likes, comment_count: comments, comment_id: commentId } = push;
  if (typeof storyId !== 'string') return;
  applyCardPush(push);
  if (typeof likes === 'number') useStoryStatsStore.getState().applyPush(storyId, likes);
  if (typeof comments === 'number') {
    void useCommentsStore.getState().applyPush(storyId, comments, typeof commentId === 'string' ? commentId : '');
  }
}

/** A story's counts as pushed, for the cards that show it (the feed's). */
export function applyCardPush(push: PushMessage): void {
  const { story_id: storyId, like_count: likes, comment_count: comments } = push;
  if (typeof storyId !== 'string') return;
  const counts: { like_count?: number; comment_count?: number } = {};
  if (typeof likes === 'number') counts.like_count = Math.max(0, likes);
  if (typeof comments === 'number') counts.comment_count = Math.max(0, comments);
  if (counts.like_count !== undefined || counts.comment_count !== undefined) useLiveCountsStore.getState().apply(storyId, counts);
}

/**
 * While a story's page is open, a connection of its own watches the story (signed out too): another person's like
 * or comment shows without a reload. The shell's connection is the signed-in person's own pushes; this one is the
 * page's, and closes with it.
 */
export function useStoryLive(storyId: string, factory: StorySocketFactory = createSocketClient): void {
  useEffect(() => {
    if (!storyId) return undefined;
    let client: SocketClient;
    try {
      client = factory({
        autoConnect: true,
        socketOptions: { query: { watch_story: storyId } },
        // Without the socket library the counts are simply those of the last load.
        onLoadError: (error) => console.error('story page: the socket library could not be loaded', error),
      });
    } catch (error) {
      console.error('story page: live counts could not start', error);
      return undefined;
    }
    const off = client.on(PushType.RefreshFeed, applyStoryPush);
    return () => {
      off();
      client.close();
    };
  }, [storyId, factory]);
}

/** How the feed opens its connection (tests hand in their own). */
export const FeedSocketContext = createContext<StorySocketFactory>(createSocketClient);

/** At most this many cards are watched at once (the api's limit per connection). */
export const MAX_WATCHED = 100;

/**
 * The same per-story pushes for the cards a feed shows: one connection watches every story on screen (the list of
 * ids in its handshake), opened again when that list changes; counts land in the live-counts store the cards read.
 */
export function useStoriesLive(storyIds: readonly string[]): void {
  const factory = useContext(FeedSocketContext);
  const watched = [...new Set(storyIds.filter((id) => /^\d+$/.test(id)))].slice(0, MAX_WATCHED).join(',');
  useEffect(() => {
    if (!watched) return undefined;
    let client: SocketClient;
    try {
      client = factory({
        autoConnect: true,
        socketOptions: { query: { watch_story: watched } },
        onLoadError: (error) => console.error('feed: the socket library could not be loaded', error),
      });
    } catch (error) {
      console.error('feed: live counts could not start', error);
      return undefined;
    }
    const off = client.on(PushType.RefreshFeed, applyCardPush);
    return () => {
      off();
      client.close();
    };
  }, [watched, factory]);
}
