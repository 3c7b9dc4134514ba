import { LIMITS } from 'shared-kit';

/** `conf/words_limit`: the section 9 limits the editor's counters show, under the payload's field names. */
export function wordsLimit() {
  return {
    story_name: LIMITS.storyName,
    introduction: LIMITS.introduction,
    summary: LIMITS.summary,
    node_name: LIMITS.plotTitle,
    node_content: LIMITS.plotContent,
    node_ending_content: LIMITS.plotEnding,
    prologue: LIMITS.prologue,
    character_name: LIMITS.characterName,
    character_settings: LIMITS.characterSettings,
    character_style: LIMITS.characterStyle,
    player_name: LIMITS.playerName,
    player_settings: LIMITS.playerSettings,
    max_nodes: LIMITS.maxPlots,
    ai_prompt: LIMITS.aiPrompt,
    publish_description: LIMITS.publishDescription,
    brain_storm_idea: LIMITS.brainstormIdea,
  };
}
