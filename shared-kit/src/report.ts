/**
 * Reports (spec sections 2 and 7: `/api/report/*`, the player's report flow of reason, content select and details).
 * The spec names the flow and the calls, not the reasons or the limit: these are ours, taken from its review
 * categories (section 8). The api answers them from `GET /api/report/config`; the UI translates each code.
 */

export const ReportTarget = {
  Story: 'story',
  Comment: 'comment',
  Author: 'author',
  Dialogue: 'dialogue',
  Template: 'template',
  Topic: 'topic',
  Collection: 'collection',
  Thread: 'thread',
} as const;
export type ReportTarget = (typeof ReportTarget)[keyof typeof ReportTarget];
export const REPORT_TARGETS = Object.values(ReportTarget);

export const ReportReason = {
  Sexual: 'Sexual',
  Violence: 'Violence',
  Hateful: 'Hateful',
  Harassment: 'Harassment',
  Minor: 'Minor',
  SelfHarm: 'SelfHarm',
  Illegal: 'Illegal',
  Rumors: 'Rumors',
  Plagiarism: 'Plagiarism',
  Spam: 'Spam',
  Impersonation: 'Impersonation',
  Others: 'Others',
} as const;
export type ReportReason = (typeof ReportReason)[keyof typeof ReportReason];

const R = ReportReason;

/** The reasons offered for each kind of target, in the order the dialog lists them. */
export const REPORT_REASONS: Record<ReportTarget, readonly ReportReason[]> = {
  story: [R.Sexual, R.Violence, R.Hateful, R.Harassment, R.Minor, R.SelfHarm, R.Illegal, R.Rumors, R.Plagiarism, R.Spam, R.Others],
  comment: [R.Harassment, R.Hateful, R.Sexual, R.Violence, R.Spam, R.Illegal, R.Others],
  author: [R.Impersonation, R.Harassment, R.Hateful, R.Sexual, R.Spam, R.Illegal, R.Others],
  dialogue: [R.Sexual, R.Violence, R.Hateful, R.Harassment, R.Minor, R.SelfHarm, R.Illegal, R.Others],
  template: [R.Sexual, R.Violence, R.Hateful, R.Plagiarism, R.Illegal, R.Others],
  topic: [R.Hateful, R.Spam, R.Illegal, R.Others],
  collection: [R.Sexual, R.Violence, R.Hateful, R.Harassment, R.Plagiarism, R.Spam, R.Illegal, R.Others],
  thread: [R.Sexual, R.Violence, R.Hateful, R.Harassment, R.Minor, R.SelfHarm, R.Illegal, R.Spam, R.Others],
};

/** The parts of a target the reporter can point at ("content select"); at least one is chosen. */
export const REPORT_CONTENT: Record<ReportTarget, readonly string[]> = {
  story: ['name', 'cover', 'introduction', 'characters', 'chapters', 'opening'],
  comment: ['text'],
  author: ['nickname', 'avatar', 'stories'],
  dialogue: ['message'],
  template: ['name', 'description', 'fields'],
  topic: ['title', 'description'],
  collection: ['name', 'description', 'creations'],
  thread: ['title', 'lines'],
};

/** Characters of a report's details (spec section 5: "report details have a character limit"; the number is ours). */
export const REPORT_DETAILS_MAX = 300;
/** Reports one account may send per hour (counted in MongoDB). */
export const REPORTS_PER_HOUR = 30;

export const ReportStatus = { Open: 'Open', Resolved: 'Resolved' } as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];

/** How an operator resolves a report item: nothing, take the content down, or sanction its author. */
export const ReportAction = { NoAction: 'NoAction', Remove: 'Remove', Sanction: 'Sanction' } as const;
export type ReportAction = (typeof ReportAction)[keyof typeof ReportAction];
export const REPORT_ACTIONS = Object.values(ReportAction);

/** The field naming each kind of target in its report call (`POST /api/report/<target>`). */
export const REPORT_ID_FIELD = {
  story: 'story_id',
  comment: 'comment_id',
  author: 'uid',
  dialogue: 'dialogue_id',
  template: 'template_id',
  topic: 'topic_id',
  collection: 'collection_id',
  thread: 'thread_id',
} as const satisfies Record<ReportTarget, string>;
