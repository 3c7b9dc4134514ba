// Response types come from the shared contracts (shared-kit's RESPONSE_CONTRACTS), which the api's answers are
// tested against; only the shapes the editor sends are written here.
export type {
  Bgm,
  DubbingInfo,
  GeneratedImage,
  ImageStyle,
  LanguageDubbings,
  StoryDetail,
  StoryList,
  StoryListItem,
  StoryPermission,
  UploadedMedia,
} from 'shared-kit';

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

/** The §2 "enter story editor" event. */
export interface EnterEditorEvent {
  story_id: string;
  version_id: string;
  creation_mode: 'normal' | 'brainstorming' | 'bot';
  entrance: string;
  story_status: number;
}
