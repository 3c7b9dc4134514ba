import type { DialogueStatus, DialogueType, Emotion, PlayStatus, SendLimitStatus } from 'shared-kit';

/** A feed, search or history card (`story/list`, `search`, `played_story`). */
export interface StoryCard {
  story_id: string;
  version_id: string;
  story_name: string;
  introduction: string;
  logo: string;
  loading_background: string;
  chapters_count: number;
  characters_count: number;
  creator: { uid: string; nickname: string; avatar: string };
  ai_generated: boolean;
}

/** A history entry: the card plus where the player's latest play stands. */
export interface PlayedStory extends StoryCard {
  play_id: string;
  play_status: PlayStatus;
  turns: number;
  last_played_at: string | null;
}

export interface StoryPage<T> {
  stories: T[];
  has_more: boolean;
  next_offset: number;
}

export interface CastMember {
  character_id: string;
  character_name: string;
  character_url: string;
  type: string;
}

/** `detail`: the card plus the cast and chapters as players may see them. */
export interface StoryDetail extends StoryCard {
  player: { character_name: string; settings: string };
  characters: CastMember[];
  chapters: Array<{ node_id: string; index: number; background_url: string; objective: string }>;
  prologue: { character_id: string; content: string };
}

export type DialogueRole = 'player' | 'npc' | 'narrator' | 'system';

export interface Dialogue {
  dialogue_id: string;
  play_id: string;
  seq: number;
  type: DialogueType;
  status: DialogueStatus;
  role: DialogueRole;
  character_id: string;
  character_name: string;
  emotion: Emotion;
  content: string;
  group_id: string;
  node_id: string;
  /** False while the reply is being written. */
  done: boolean;
  error_code: number;
  covers_upto_seq: number;
  created_at: string | null;
}

export interface PlayInfo {
  play_id: string;
  story_id: string;
  version_id: string;
  is_draft: boolean;
  status: PlayStatus;
  node_id: string;
  chapter_index: number;
  chapters_count: number;
  /** The current chapter's public objective; empty when the creator keeps it hidden. */
  chapter_objective: string;
  turns: number;
  last_seq: number;
  replying: boolean;
  ending: { type: 'HappyEnding' | 'BadEnding'; content: string } | null;
  latest_version_id: string | null;
  has_newer_version: boolean;
  ai_mode: 'offline' | 'model';
  ai_generated: boolean;
  /** Where the player stands with the chat limit (`play_info` only); null for members. */
  send_limit?: SendLimit | null;
  story: {
    story_id: string;
    version_id: string;
    story_name: string;
    introduction: string;
    logo: string;
    loading_background: string;
    player: { character_name: string };
    characters: CastMember[];
  };
}

export interface PlayStart {
  play_info: PlayInfo;
  dialogues: Dialogue[];
}

export interface DialoguePage {
  play_id: string;
  dialogues: Dialogue[];
  has_more_before: boolean;
  has_more_after: boolean;
  last_seq: number;
}

export interface SendLimit {
  status: SendLimitStatus;
  code: number;
  used: number;
  limit: number;
  /** A guest's limit is lifted by logging in; a daily one resets at 00:00 UTC. */
  scope: 'guest' | 'daily';
}

export interface SendResult {
  play_id: string;
  group_id: string;
  input_dialogue: Dialogue | null;
  reply_dialogue_ids: string[];
  seq_st: number;
  seq_ed: number;
  send_limit: SendLimit | null;
  guest: boolean;
}

export interface SendRequest {
  play_id: string;
  story_id: string;
  version_id: string;
  message: string;
  option_contents?: string[];
  is_loop?: boolean;
  dialogue_id?: string;
}

export interface BacktrackResult {
  play_info: PlayInfo;
  removed_after_seq: number;
}

export interface EndingInfo {
  play_id: string;
  story_id: string;
  story_name: string;
  ending_type: 'HappyEnding' | 'BadEnding';
  is_happy: boolean;
  content: string;
  chapters_count: number;
  chapter_index: number;
  turns: number;
  ended_at: string;
}

export interface LatestVersion {
  story_id: string;
  latest_version_id: string;
  play_version_id: string | null;
  has_newer_version: boolean;
}

export interface Coverage {
  story_id: string;
  has_play: boolean;
  play_id: string | null;
  turns: number;
  will_cover: boolean;
}
