// Response types come from the shared contracts (shared-kit's RESPONSE_CONTRACTS), which the api's answers are
// tested against; what the editor sends is typed from the request contracts beside them (`z.input` of the schema
// the api validates with).
import type { GenerateImageBody, MediaUse as UploadUse } from 'shared-kit';
export type {
  Bgm,
  DubbingInfo,
  EnterEditorEvent,
  GeneratedImage,
  GenerateImageBody,
  ImageStyle,
  LanguageDubbings,
  StoryDetail,
  StoryList,
  StoryListItem,
  StoryPermission,
  UploadedMedia,
} from 'shared-kit';

/** The pictures of a story the editor uploads (the avatar is the account page's). */
export type MediaUse = Exclude<UploadUse, 'avatar' | 'screenshot'>;

/** The pictures the editor can draw from a prompt. */
export type GenerateUse = GenerateImageBody['use'];
