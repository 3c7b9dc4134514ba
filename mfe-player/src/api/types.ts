// Response types come from the shared contracts (shared-kit's RESPONSE_CONTRACTS), which the api's answers are
// tested against: a field added to an answer is added to its schema there. Only what the player sends is written
// here: what it sends is typed from the request contracts beside them (`z.input` of the schema the api validates
// with).
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
  SendRequest,
  SendResult,
  StoryCard,
} from 'shared-kit';

/** A page of cards of any kind (feed, search, history). */
export type StoryPage<T> = Omit<CardPage, 'stories'> & { stories: T[] };
