/**
 * What other modules do when a creator saves new content over an existing story (before the new version is
 * written): the sanction module cancels the story's appeal still waiting, for one. They register once at import
 * time; the editor runs them, in order and awaited, without knowing what they are.
 */
export interface StoryEditedHook {
  name: string;
  run(storyId: string, now: number): Promise<void>;
}

const onStoryEdited: StoryEditedHook[] = [];

export function registerStoryEditedHook(hook: StoryEditedHook): void {
  if (!onStoryEdited.some((h) => h.name === hook.name)) onStoryEdited.push(hook);
}

export async function storyEdited(storyId: string, now: number): Promise<void> {
  for (const hook of onStoryEdited) await hook.run(storyId, now);
}
