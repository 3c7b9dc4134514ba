import type { CreatorStoryStatus, StoryContent, StoryReviewResult } from 'shared-kit';

/** `GET /api/editor/story/get` (spec section 7; shape fixed by the api's presenter). */
export interface StoryDetail {
  story_id: string;
  story_info: {
    story_name: string;
    introduction: string;
    status: number;
    creator_status?: CreatorStoryStatus;
    display_status?: string;
    image_generate_style: { code: string } | null;
    story_gen_type: StoryContent['story_gen_type'];
    voice_over_dubbing: StoryContent['voice_over_dubbing'];
    story_setting_visible: boolean;
    fail_msg?: { code: number; msg: string } | null;
  };
  logo: string;
  loading_background: string;
  version: { version_id: string };
  characters: StoryContent['characters'];
  nodes: StoryContent['nodes'];
  prologue: StoryContent['prologue'];
  player: StoryContent['player'];
  summary: string;
  review_result: StoryReviewResult | null;
  permission?: StoryPermission;
}

export interface StoryPermission {
  /** Others may use this story's character in their own creations. */
  character_use: boolean;
  /** Players may share threads of chats with it. */
  thread_share: boolean;
}

/** One row of My Story. */
export interface StoryListItem {
  story_id: string;
  story_name: string;
  logo: string;
  status: number;
  creator_status: CreatorStoryStatus;
  display_status: string;
  story_gen_type: string;
  version_id: string;
  is_top: boolean;
  updated_at: string;
  created_at: string;
}

export interface StoryList {
  stories: StoryListItem[];
  total: number;
  has_more: boolean;
  next_offset: number;
}

export interface DubbingInfo {
  dubbing: string;
  dubbing_desc: string;
  dubbing_desc_key?: string;
  dubbing_audition: string;
  dubbing_vid?: string;
}

export interface LanguageDubbings {
  language: string;
  language_key: string;
  dubbing_infos: DubbingInfo[];
}

export interface Bgm {
  vid: string;
  name: string;
  music_style: string;
  duration_ms?: number;
}

export interface ImageStyle {
  code: string;
  name: string;
  preview: string;
  members_only: boolean;
}

export interface UploadedMedia {
  id: string;
  url: string;
  width: number;
  height: number;
  mime: string;
}

export type MediaUse = 'character' | 'cover' | 'background';

/** The pictures the editor can draw from a prompt. */
export type GenerateUse = MediaUse;

/** `POST /api/editor/image/generate`. */
export interface GenerateImageBody {
  use: GenerateUse;
  prompt: string;
  character_name?: string;
  image_generate_style?: { code: string };
}

export interface GeneratedImage {
  id: string;
  url: string;
  width: number;
  height: number;
  /** Today's pictures: drawn, left and allowed. */
  quota: { count: number; remain: number; total: number };
}

/** The §2 "enter story editor" event. */
export interface EnterEditorEvent {
  story_id: string;
  version_id: string;
  creation_mode: 'normal' | 'brainstorming' | 'bot';
  entrance: string;
  story_status: number;
}
