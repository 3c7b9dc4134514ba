/**
 * Enumerations of the product spec (section 3), as `const` objects with a derived union type, so they work as
 * values at runtime and as types at compile time without TypeScript `enum` quirks.
 *
 * Numbering: where the spec gives numbers they are used as given. Where it gives none, the value is a string equal
 * to the member name (e.g. `DialogueType.NpcDialogue === 'NpcDialogue'`), which keeps stored data and logs
 * self-describing. One exception, PlanStatus: the spec numbers only its terminal states (100/111/112), so its
 * in-progress states are numbered 0-7 here to keep the field numeric and ordered (any value below 100 is running).
 */

type ValueOf<T> = T[keyof T];

// ---- Stories ----

export const StoryStatus = {
  Draft: 0,
  Finished: 1,
  Packed: 2,
  Released: 3,
  ReleasePacked: 4,
  ToVerify: 6,
  Deleted: 11,
  AIGenDoing: 12,
  AIGenSuccess: 13,
  AIGenFailed: 14,
  Passed: 20,
  Failed: 25,
  Unqualified: 26,
} as const;
export type StoryStatus = ValueOf<typeof StoryStatus>;

export const CreatorStoryStatus = {
  Draft: 'Draft',
  Verifying: 'Verifying',
  Deleted: 'Deleted',
  Passed: 'Passed',
  Failed: 'Failed',
  Unqualified: 'Unqualified',
} as const;
export type CreatorStoryStatus = ValueOf<typeof CreatorStoryStatus>;

export const DisplayStatus = { Draft: 'Draft', Published: 'Published' } as const;
export type DisplayStatus = ValueOf<typeof DisplayStatus>;

export const OperationStoryStatus = {
  Public: 'Public',
  UnPass: 'UnPass',
  MildNotRecommend: 'MildNotRecommend',
  NotRecommend: 'NotRecommend',
  SelfWatch: 'SelfWatch',
  BreakUp: 'BreakUp',
  Delete: 'Delete',
  DraftToVerify: 'DraftToVerify',
  DraftReviewUnPass: 'DraftReviewUnPass',
} as const;
export type OperationStoryStatus = ValueOf<typeof OperationStoryStatus>;

export const AuditStatus = {
  Waiting: 'Waiting',
  InProgress: 'InProgress',
  NotPass: 'NotPass',
  Searchable: 'Searchable',
  Recommended: 'Recommended',
  Deleted: 'Deleted',
  BreakUp: 'BreakUp',
  MildNotRecommend: 'MildNotRecommend',
} as const;
export type AuditStatus = ValueOf<typeof AuditStatus>;

export const VisibilityTag = {
  Invisible: 'Invisible',
  Searchable: 'Searchable',
  MildNotRecommended: 'MildNotRecommended',
  Recommended: 'Recommended',
} as const;
export type VisibilityTag = ValueOf<typeof VisibilityTag>;

export const StoryType = { Visualization: 'Visualization', IM: 'IM' } as const;
export type StoryType = ValueOf<typeof StoryType>;

export const BizType = {
  Default: 'Default',
  Assistant: 'Assistant',
  CreationAgent: 'CreationAgent',
  Partner: 'Partner',
} as const;
export type BizType = ValueOf<typeof BizType>;

export const StorySource = { Published: 'Published', Draft: 'Draft' } as const;
export type StorySource = ValueOf<typeof StorySource>;

export const StoryCommentStatus = { Open: 'Open', Closed: 'Closed' } as const;
export type StoryCommentStatus = ValueOf<typeof StoryCommentStatus>;

export const StoryGenType = {
  UserDefined: 'UserDefined',
  AI: 'AI',
  SingleBot: 'SingleBot',
  Conversation: 'Conversation',
} as const;
export type StoryGenType = ValueOf<typeof StoryGenType>;

export const PublishType = { Draft: 'Draft', Publish: 'Publish' } as const;
export type PublishType = ValueOf<typeof PublishType>;

export const CharacterType = { NPC: 'NPC', VoiceOver: 'VoiceOver' } as const;
export type CharacterType = ValueOf<typeof CharacterType>;

export const StoryPlayTag = {
  Romantic: 'Romantic',
  Adventure: 'Adventure',
  Confrontational: 'Confrontational',
  CasualAndOtherRoleplay: 'CasualAndOtherRoleplay',
  EmotionalExpression: 'EmotionalExpression',
  EfficientWork: 'EfficientWork',
  GamingAndEntertainment: 'GamingAndEntertainment',
  CasualBanter: 'CasualBanter',
  VulgarErotica: 'VulgarErotica',
} as const;
export type StoryPlayTag = ValueOf<typeof StoryPlayTag>;

export const StoryCollectionStatus = {
  Default: 'Default',
  ToVerify: 'ToVerify',
  Failed: 'Failed',
  Passed: 'Passed',
  Unqualified: 'Unqualified',
  SelfWatch: 'SelfWatch',
} as const;
export type StoryCollectionStatus = ValueOf<typeof StoryCollectionStatus>;

// ---- Comments ----

export const CommentStatus = {
  SelfVisible: 'SelfVisible',
  AllVisible: 'AllVisible',
  Offline: 'Offline',
} as const;
export type CommentStatus = ValueOf<typeof CommentStatus>;

export const OperationCommentStatus = {
  Pass: 'Pass',
  UnPass: 'UnPass',
  SelfWatch: 'SelfWatch',
  Delete: 'Delete',
} as const;
export type OperationCommentStatus = ValueOf<typeof OperationCommentStatus>;

// ---- Plots, dialogue and play ----

export const NodeType = {
  Simple: 'Simple',
  Folder: 'Folder',
  NormalContent: 'NormalContent',
  ChoiceContent: 'ChoiceContent',
  JudgeContent: 'JudgeContent',
  VariableAssignment: 'VariableAssignment',
  Success: 'Success',
  Fail: 'Fail',
} as const;
export type NodeType = ValueOf<typeof NodeType>;

export const DialogueType = {
  NpcDialogue: 'NpcDialogue',
  Input: 'Input',
  Narration: 'Narration',
  FixedOptions: 'FixedOptions',
  HappyEnding: 'HappyEnding',
  BadEnding: 'BadEnding',
  SwitchChapter: 'SwitchChapter',
  Option: 'Option',
  SwitchNpc: 'SwitchNpc',
  IMDialogue: 'IMDialogue',
  Summary: 'Summary',
  OpeningRemark: 'OpeningRemark',
  ChapterTarget: 'ChapterTarget',
  AudioStart: 'AudioStart',
  AudioEnd: 'AudioEnd',
  AudioReject: 'AudioReject',
  AudioIgnore: 'AudioIgnore',
  AudioReconnection: 'AudioReconnection',
  CreationStage: 'CreationStage',
  PushError: 'PushError',
  ACK: 'ACK',
  SecurityFail: 'SecurityFail',
  SecurityDefault: 'SecurityDefault',
} as const;
export type DialogueType = ValueOf<typeof DialogueType>;

export const DialogueStatus = {
  Normal: 'Normal',
  PartialBroken: 'PartialBroken',
  AllBroken: 'AllBroken',
  SecurityFail: 'SecurityFail',
  Fail: 'Fail',
  SecurityNotShow: 'SecurityNotShow',
} as const;
export type DialogueStatus = ValueOf<typeof DialogueStatus>;

export const PlayStatus = {
  Start: 'Start',
  Playing: 'Playing',
  Verifying: 'Verifying',
  VerifyPlaying: 'VerifyPlaying',
  VerifyEnding: 'VerifyEnding',
  Ending: 'Ending',
} as const;
export type PlayStatus = ValueOf<typeof PlayStatus>;

export const Emotion = {
  Neutral: 'Neutral',
  Happy: 'Happy',
  Gentle: 'Gentle',
  Naughty: 'Naughty',
  Serious: 'Serious',
  Sad: 'Sad',
  Care: 'Care',
  Angry: 'Angry',
  Sneer: 'Sneer',
  Confused: 'Confused',
} as const;
export type Emotion = ValueOf<typeof Emotion>;

export const AgentRole = { User: 'User', Director: 'Director', NPC: 'NPC' } as const;
export type AgentRole = ValueOf<typeof AgentRole>;

export const AuthorType = { UGC: 'UGC', PGC: 'PGC' } as const;
export type AuthorType = ValueOf<typeof AuthorType>;

export const VariableKind = {
  Integer: 'Integer',
  Bool: 'Bool',
  String: 'String',
  Template: 'Template',
} as const;
export type VariableKind = ValueOf<typeof VariableKind>;

// ---- Users and accounts ----

export const UserGender = { Default: 'Default', Man: 'Man', Woman: 'Woman', Others: 'Others' } as const;
export type UserGender = ValueOf<typeof UserGender>;

/** Tour is a guest (visitor) identity. */
export const UserIdentity = { Tour: 'Tour', User: 'User' } as const;
export type UserIdentity = ValueOf<typeof UserIdentity>;

export const UserStatus = { Normal: 'Normal', SignOut: 'SignOut' } as const;
export type UserStatus = ValueOf<typeof UserStatus>;

export const OperationUserStatus = {
  Public: 'Public',
  CreationBan: 'CreationBan',
  LoginBan: 'LoginBan',
  Delete: 'Delete',
} as const;
export type OperationUserStatus = ValueOf<typeof OperationUserStatus>;

export const BanStatus = {
  Normal: 'Normal',
  PreBan: 'PreBan',
  Banned: 'Banned',
  Appealing: 'Appealing',
  AppealFail: 'AppealFail',
} as const;
export type BanStatus = ValueOf<typeof BanStatus>;

/** What an operator can give an account (spec section 4): a warning, a creation ban, a login ban. */
export const SanctionKind = { Warning: 'Warning', CreationBan: 'CreationBan', LoginBan: 'LoginBan' } as const;
export type SanctionKind = ValueOf<typeof SanctionKind>;

/** Ban lengths in days, per kind (spec section 4): creation 7, 30 or 90; login 7 or 30. */
export const SANCTION_DAYS = { Warning: [0], CreationBan: [7, 30, 90], LoginBan: [7, 30] } as const;

/**
 * An appeal (of a sanction, or of a story an operator rejected): none yet, waiting for an operator, approved (lifted /
 * made live) or not approved; a story's appeal is Cancelled when its creator edits the story while it waits.
 */
export const AppealStatus = { None: 'None', Pending: 'Pending', Approved: 'Approved', Rejected: 'Rejected', Cancelled: 'Cancelled' } as const;
export type AppealStatus = ValueOf<typeof AppealStatus>;

export const IdentityCertification = {
  NotCertified: 'NotCertified',
  AlreadyAdult: 'AlreadyAdult',
  NotAdult: 'NotAdult',
} as const;
export type IdentityCertification = ValueOf<typeof IdentityCertification>;

export const TeenMode = { Unknown: -1, Disable: 0, Enable: 1 } as const;
export type TeenMode = ValueOf<typeof TeenMode>;

/** Who may call which endpoints: players, the operations console, the developer console. */
export const UserRole = { User: 'user', Operator: 'operator', Developer: 'developer' } as const;
export type UserRole = ValueOf<typeof UserRole>;
/** An operator's finer permissions (spec section 6 leaves them open): admin holds every one and grants them. */
export const OpsPermission = { Reviewer: 'reviewer', Moderator: 'moderator', ContentOperator: 'content_operator', Admin: 'admin' } as const;
export type OpsPermission = ValueOf<typeof OpsPermission>;

export const Platform = { Mobile: 'mobile', Tablet: 'tablet', PC: 'pc' } as const;
export type Platform = ValueOf<typeof Platform>;

// ---- Operations: topics, activities, templates, banners ----

export const TopicStatus = { Draft: 'Draft', Testing: 'Testing', Published: 'Published', Offline: 'Offline' } as const;
export type TopicStatus = ValueOf<typeof TopicStatus>;

export const TopicType = { Top: 'Top', Normal: 'Normal' } as const;
export type TopicType = ValueOf<typeof TopicType>;

export const ActivityStatus = {
  Deleted: 'Deleted',
  Approving: 'Approving',
  Approved: 'Approved',
  InProgress: 'InProgress',
  Finish: 'Finish',
} as const;
export type ActivityStatus = ValueOf<typeof ActivityStatus>;

export const TemplateStatus = { Draft: 'Draft', Published: 'Published', Offline: 'Offline' } as const;
export type TemplateStatus = ValueOf<typeof TemplateStatus>;

export const BannerStatus = { Draft: 'Draft', Testing: 'Testing', Published: 'Published', Offline: 'Offline' } as const;
export type BannerStatus = ValueOf<typeof BannerStatus>;

// ---- Voices and images ----

export const UgcVoiceStatus = {
  Normal: 'Normal',
  Deleted: 'Deleted',
  Reject: 'Reject',
  Reviewing: 'Reviewing',
  NoRecommend: 'NoRecommend',
  OfficialVoiceOnlineing: 'OfficialVoiceOnlineing',
} as const;
export type UgcVoiceStatus = ValueOf<typeof UgcVoiceStatus>;

export const VoiceNameStatus = { Normal: 'Normal', Reviewing: 'Reviewing', Reject: 'Reject' } as const;
export type VoiceNameStatus = ValueOf<typeof VoiceNameStatus>;

export const VoicePrivacy = { Privacy: 'Privacy', Public: 'Public' } as const;
export type VoicePrivacy = ValueOf<typeof VoicePrivacy>;

export const MixType = { NotMix: 'NotMix', Mix: 'Mix', MixClone: 'MixClone', MixSubClone: 'MixSubClone' } as const;
export type MixType = ValueOf<typeof MixType>;

export const LivePhotoStatus = { Valid: 'Valid', Invalid: 'Invalid' } as const;
export type LivePhotoStatus = ValueOf<typeof LivePhotoStatus>;

export const LivePhotoConfirm = { Pass: 'Pass', Reject: 'Reject' } as const;
export type LivePhotoConfirm = ValueOf<typeof LivePhotoConfirm>;

export const LivePhotoUnpassReason = { Poor: 'Poor', Collapse: 'Collapse' } as const;
export type LivePhotoUnpassReason = ValueOf<typeof LivePhotoUnpassReason>;

// ---- Generation plans and partners ----

export const PlanStatus = {
  New: 0,
  StoryGenerating: 1,
  ImagePromptGenerating: 2,
  ImageGenerating: 3,
  PrologueGenerating: 4,
  CharacterListGenerating: 5,
  DubbingGenerating: 6,
  Executing: 7,
  Success: 100,
  Fail: 111,
  Cancel: 112,
} as const;
export type PlanStatus = ValueOf<typeof PlanStatus>;

/** What a generation plan or task produces (spec section 3). */
export const PlanType = {
  Image: 'Image',
  Bot: 'Bot',
  Character: 'Character',
  Prologue: 'Prologue',
  Dubbing: 'Dubbing',
  BackgroundMusic: 'BackgroundMusic',
  LivePhoto: 'LivePhoto',
} as const;
export type PlanType = ValueOf<typeof PlanType>;

export const PartnerStatus = {
  ToBeCreated: 'ToBeCreated',
  Creating: 'Creating',
  Created: 'Created',
  CreateFailed: 'CreateFailed',
} as const;
export type PartnerStatus = ValueOf<typeof PartnerStatus>;

// ---- Limits and realtime ----

export const SendLimitStatus = {
  Normal: 'Normal',
  ModelSlow: 'ModelSlow',
  Reach90Percent: 'Reach90Percent',
  Reached: 'Reached',
  ModelSlowEarlyWarning: 'ModelSlowEarlyWarning',
} as const;
export type SendLimitStatus = ValueOf<typeof SendLimitStatus>;

export const ResourceLimit = {
  TTSReached: 'TTSReached',
  TTSRecovered: 'TTSRecovered',
  TTSSoftReached: 'TTSSoftReached',
  ASRReached: 'ASRReached',
  ASRRecovered: 'ASRRecovered',
  ASRSoftReached: 'ASRSoftReached',
  LLMReached: 'LLMReached',
  LLMRecovered: 'LLMRecovered',
  VoiceReached: 'VoiceReached',
  VoiceRecovered: 'VoiceRecovered',
  MixVoiceReached: 'MixVoiceReached',
  MixVoiceRecovered: 'MixVoiceRecovered',
} as const;
export type ResourceLimit = ValueOf<typeof ResourceLimit>;

export const AudioCallStatus = {
  Normal: 'Normal',
  QuotaLimit: 'QuotaLimit',
  TimeLimit: 'TimeLimit',
  DurationLimit: 'DurationLimit',
} as const;
export type AudioCallStatus = ValueOf<typeof AudioCallStatus>;

/** The channels a socket push can carry in its `push_type` field. */
export const PushType = {
  Dialogue: 'Dialogue',
  Plan: 'Plan',
  Error: 'Error',
  Risk: 'Risk',
  Pending: 'Pending',
  SendLimit: 'SendLimit',
  ResourceLimit: 'ResourceLimit',
  UserProfile: 'UserProfile',
  StoryReview: 'StoryReview',
  UserBlock: 'UserBlock',
  BotReview: 'BotReview',
  RefreshFeed: 'RefreshFeed',
  AntiAddiction: 'AntiAddiction',
  InnerPush: 'InnerPush',
  CreationAgent: 'CreationAgent',
  TaskProgress: 'TaskProgress',
  Ad: 'Ad',
  Others: 'Others',
} as const;
export type PushType = ValueOf<typeof PushType>;

// ---- Social ----

export const ShareType = {
  Story: 'Story',
  Bot: 'Bot',
  StoryDialogue: 'StoryDialogue',
  BotDialogue: 'BotDialogue',
  Web: 'Web',
  PlayEnding: 'PlayEnding',
  CreatorNewspaper: 'CreatorNewspaper',
  Video: 'Video',
  DialoguePlot: 'DialoguePlot',
} as const;
export type ShareType = ValueOf<typeof ShareType>;

export const FeedbackAttitude = { Satisfied: 10, Average: 20, Dissatisfied: 30 } as const;
export type FeedbackAttitude = ValueOf<typeof FeedbackAttitude>;

export const BadReason = {
  InconsistentLogic: 'InconsistentLogic',
  SuperficialAndBoring: 'SuperficialAndBoring',
  ContainsFactualErrors: 'ContainsFactualErrors',
  RepetitiveContent: 'RepetitiveContent',
  ContentIsDisturbing: 'ContentIsDisturbing',
} as const;
export type BadReason = ValueOf<typeof BadReason>;

export const HoldReason = {
  NotInterested: 'NotInterested',
  PoorContentQuality: 'PoorContentQuality',
  Clickbait: 'Clickbait',
} as const;
export type HoldReason = ValueOf<typeof HoldReason>;

// ---- Review ----

export const ReviewPushStatus = { CanPush: 'CanPush', CanNotPush: 'CanNotPush', Unknown: 'Unknown' } as const;
export type ReviewPushStatus = ValueOf<typeof ReviewPushStatus>;

export const ReviewResult = { Pass: 'Pass', UnPass: 'UnPass', NotRecommend: 'NotRecommend' } as const;
export type ReviewResult = ValueOf<typeof ReviewResult>;

export const RecommendStatus = {
  NotRecommended: 'NotRecommended',
  Recommended: 'Recommended',
  Highlighted: 'Highlighted',
} as const;
export type RecommendStatus = ValueOf<typeof RecommendStatus>;

/** Moderation categories of a review decision (spec section 8), domestic and overseas. */
export const ReviewCategory = {
  Politics: 'Politics',
  Pornography: 'Pornography',
  Violence: 'Violence',
  Illegal: 'Illegal',
  Rumors: 'Rumors',
  Offensive: 'Offensive',
  Discomfort: 'Discomfort',
  Plagiarism: 'Plagiarism',
  Adult: 'Adult',
  Violent: 'Violent',
  Dangerous: 'Dangerous',
  Harassment: 'Harassment',
  Hateful: 'Hateful',
  IllegalOverseas: 'IllegalOverseas',
  Minor: 'Minor',
  Suicide: 'Suicide',
  Harmful: 'Harmful',
  Others: 'Others',
} as const;
export type ReviewCategory = ValueOf<typeof ReviewCategory>;

/** Why an input text was judged unsafe (spec section 8). */
export const InputSafetyReason = {
  Ads: 'Ads',
  Disturbing: 'Disturbing',
  Illegal: 'Illegal',
  Religion: 'Religion',
  Sexual: 'Sexual',
  Tradition: 'Tradition',
} as const;
export type InputSafetyReason = ValueOf<typeof InputSafetyReason>;

/** Spec section 5: the kinds of editor validation error. */
export const ValidationErrorType = {
  Required: 1,
  Limit: 2,
  ForbiddenWord: 3,
  CheckFailed: 4,
  CharacterDeleted: 5,
} as const;
export type ValidationErrorType = ValueOf<typeof ValidationErrorType>;

/** True when `value` is one of the values of the const object `e` (for narrowing untrusted input). */
export function isEnumValue<E extends Record<string, string | number>>(e: E, value: unknown): value is E[keyof E] {
  return Object.values(e).includes(value as string | number);
}

// ---- Derived story-status rules (spec section 4) ----

/** A story is generating while the AI works on it. */
export function isGenerating(status: number): boolean {
  return status === StoryStatus.AIGenDoing;
}

/** AI generation has ended, either way. */
export function isGenerationFinished(status: number): boolean {
  return status === StoryStatus.AIGenSuccess || status === StoryStatus.AIGenFailed;
}

/** Anything past a plain draft and not mid-generation has been generated at least once. */
export function hasEverGenerated(status: number): boolean {
  return status !== StoryStatus.Draft && status !== StoryStatus.AIGenDoing;
}

const IMAGE_EDITABLE: ReadonlySet<number> = new Set<number>([
  StoryStatus.AIGenSuccess,
  StoryStatus.AIGenFailed,
  StoryStatus.Passed,
  StoryStatus.Failed,
  StoryStatus.Unqualified,
  StoryStatus.ToVerify,
]);

export function canEditImages(status: number): boolean {
  return IMAGE_EDITABLE.has(status);
}

/**
 * Maps the numeric story status to the status a creator sees. The spec names the creator statuses but not the
 * mapping of the internal ones; our reading: statuses a creator has not yet submitted (Finished, Packed and the AI
 * generation states) are still drafts, and released ones (Released, ReleasePacked) have passed review.
 * Unknown numbers fall back to Draft so a bad value never hides a story from its creator.
 */
export function creatorStatusOf(status: number): CreatorStoryStatus {
  switch (status) {
    case StoryStatus.ToVerify:
      return CreatorStoryStatus.Verifying;
    case StoryStatus.Deleted:
      return CreatorStoryStatus.Deleted;
    case StoryStatus.Passed:
    case StoryStatus.Released:
    case StoryStatus.ReleasePacked:
      return CreatorStoryStatus.Passed;
    case StoryStatus.Failed:
      return CreatorStoryStatus.Failed;
    case StoryStatus.Unqualified:
      return CreatorStoryStatus.Unqualified;
    default:
      return CreatorStoryStatus.Draft;
  }
}

/** What a line of the people inbox tells: a reply to one's comment, a like, a new follower, a pinned comment. */
export const NoticeKind = {
  Reply: 'Reply',
  Like: 'Like',
  Follow: 'Follow',
  Pin: 'Pin',
  /** An operator passed the creator's story (system notice, no actor). */
  ReviewPassed: 'ReviewPassed',
  /** An operator failed or disqualified the creator's story; `text` holds the reasons. */
  ReviewFailed: 'ReviewFailed',
  /** The account was warned or banned; `text` the reason, `until` the end date. */
  Sanction: 'Sanction',
  /** An operator lifted a sanction early. */
  SanctionLifted: 'SanctionLifted',
  /** The appeal was approved (the sanction is lifted) or not approved (it stands until its date). */
  AppealApproved: 'AppealApproved',
  AppealRejected: 'AppealRejected',
  /** The outcome of one's report; `text` the action (NoAction, Remove, Sanction). */
  ReportResult: 'ReportResult',
  /** Mail from the operators: `title`, `text` and an optional `link`. */
  Mail: 'Mail',
  /** An operator took down the owner's collection (`story_name` its name, `text` the reason, `link` its editor). */
  CollectionRemoved: 'CollectionRemoved',
  /** An operator passed the owner's collection from the console's queue (`story_name` its name, `link` its editor). */
  CollectionPassed: 'CollectionPassed',
  /** An operator failed or disqualified the owner's collection; `text` the operator's note. */
  CollectionFailed: 'CollectionFailed',
  /** An operator took down the owner's thread (`title` its title, `story_name` its story, `text` the reason). */
  ThreadRemoved: 'ThreadRemoved',
  /** The team answered one's feedback: `text` the answer, `link` the feedback history. */
  FeedbackAnswer: 'FeedbackAnswer',
  /** The creator's weekly report is ready: `title` the week, `link` its page. */
  WeeklyReport: 'WeeklyReport',
  /** A membership payment, renewal or refund: `receipt` holds the order number, plan and amount. */
  Receipt: 'Receipt',
} as const;
export type NoticeKind = ValueOf<typeof NoticeKind>;
