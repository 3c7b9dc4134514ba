// Response types come from the shared contracts (shared-kit's RESPONSE_CONTRACTS), which the api's answers are
// tested against: a field added to an answer is added to its schema there. Only what the player sends is written
// here.
import type { StoryPage as CardPage } from 'shared-kit';

export type {
  BacktrackResult,
  CastMember,
  ChatEntry,
  Coverage,
  Dialogue,
  DialoguePage,
  DialogueRole,
  EndingInfo,
  LatestVersion,
  PlayedStory,
  PlayEntry,
  PlayInfo,
  PlayList,
  PlayStart,
  PlayerStoryDetail as StoryDetail,
  SendLimit,
  SendResult,
  StoryCard,
} from 'shared-kit';

/** A page of cards of any kind (feed, search, history). */
export type StoryPage<T> = Omit<CardPage, 'stories'> & { stories: T[] };

export interface SendRequest {
  play_id: string;
  story_id: string;
  version_id: string;
  message: string;
  option_contents?: string[];
  is_loop?: boolean;
  dialogue_id?: string;
}
