import { useEffect } from 'react';
import { PushType, createSocketClient, type PushMessage, type SocketClient, type SocketClientOptions } from 'shared-kit';
import { useCommentsStore } from '../../stores/comments/store';
import { useStoryStatsStore } from '../../stores/story-stats/store';

export type StorySocketFactory = (options: SocketClientOptions) => SocketClient;

/** A story's counts as the api pushes them to everyone with its page open. */
export function applyStoryPush(push: PushMessage): void {
  const { story_id: storyId, like_count: likes, comment_count: comments, comment_id: commentId } = push;
  if (typeof storyId !== 'string') return;
  if (typeof likes === 'number') useStoryStatsStore.getState().applyPush(storyId, likes);
  if (typeof comments === 'number') {
    void useCommentsStore.getState().applyPush(storyId, comments, typeof commentId === 'string' ? commentId : '');
  }
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
