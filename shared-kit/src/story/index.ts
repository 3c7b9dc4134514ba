// The zod schemas (`./schema`) are served by the `shared-kit/schemas` entry; here only their types.
export type {
  Dubbing,
  StoryCharacter,
  StoryPlayer,
  StoryPrologue,
  StoryNode,
  StoryContent,
  StoryContentInput,
  StoryCreateRequest,
  StoryCreateInput,
  StoryCreateResponse,
  PlanGenerate,
  Lorebook,
  LorebookEntry,
  LorebookInput,
} from './schema';
export * from './constants';
export * from './forbidden';
export * from './validate';
export * from './review';
export type { GeneratedStory, GeneratedBranchingStory, GeneratedBranchNode } from './generated';
export * from './reach';
export * from './issues';
export * from './graph';
