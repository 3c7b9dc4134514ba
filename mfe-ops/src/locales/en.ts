import identityEn from './identity.en';
import consoleEn from './console.en';
import moderationEn from './moderation.en';
import sanctionsEn from './sanctions.en';
import templatesEn from './templates.en';
import storyViewEn from './storyView.en';
import frameEn from './frame.en';
import collectionsEn from './collections.en';
import commerceEn from './commerce.en';
import feedbackEn from './feedback.en';
/** The ops console's copy in English: the `ops` namespace. Every other language has exactly these keys. */
const en = {
  ...consoleEn,
  ...moderationEn,
  ...sanctionsEn,
  ...templatesEn,
  ...frameEn,
  ...storyViewEn,
  ...collectionsEn,
  ...commerceEn,
  ...feedbackEn,
  ...identityEn,
  /** A console page's document title. */
  pageTitle: '{{title}} · Storyverse',
  /** The automated review's reasons on a flagged field. */
  reviewReasons: {
    reviewAdult: 'Sexual content is not allowed',
    reviewMinor: 'Content involving minors is not allowed',
    reviewHateful: 'Hateful content is not allowed',
    reviewHarassment: 'Harassing content is not allowed',
    reviewSuicide: 'Content about self-harm is not allowed',
    reviewViolent: 'Violent content is not recommended',
    reviewIllegal: 'Content about illegal activity is not allowed',
    reviewDangerous: 'Dangerous content is not allowed',
    reviewWords: 'Contains words that are not allowed, please edit and try again',
    reviewGeneric: 'This setting is not available, please edit and try again',
  },
  nav: { label: 'Console', queue: 'Review queue', audit: 'Audit log' },
  common: { loading: 'Loading…', tryAgain: 'Try again', error: 'The list could not be loaded.' },
  queue: {
    title: 'Review queue',
    table: 'Review queue',
    story: 'Story',
    status: 'Status',
    flagged: 'Flagged fields',
    submitted: 'Submitted',
    claimedBy: 'Claimed by',
    empty: 'No items to review',
    emptyHint: 'Stories wait here when the automated review flags them; the stories it passes go public without a person. What players report is under Reports, what creators appeal under Appeals.',
    open: 'Review',
    free: 'Free',
  },
  status: { 6: 'Waiting for the automated review', 20: 'Passed', 25: 'Failed', 26: 'Unqualified', other: 'Status {{code}}' },
  review: {
    title: 'Review: {{name}}',
    back: 'Back to the queue',
    claiming: 'Claiming the story…',
    claimed: 'Locked for you until {{time}}',
    claimFailed: 'Another operator is reviewing this story.',
    notFound: 'This story is no longer waiting for review.',
    fields: 'Fields',
    flagged: 'Flagged: {{reason}}',
    reasonFor: 'Reason for {{field}}',
    reject: 'Reject',
    approve: 'Approve',
    unqualified: 'Unqualified',
    next: 'Next',
    note: 'Note for the log',
    needReason: 'Give a reason for at least one field to reject.',
    decided: 'Decision saved.',
    shortcuts: 'Shortcuts: A approve, R reject, N next',
    storyName: 'Story name',
    introduction: 'Introduction',
    summary: 'Summary',
    prologue: 'Opening line',
    playerName: 'Player name',
    playerSettings: 'Player settings',
    characterName: '{{name}}: name',
    characterSettings: '{{name}}: settings',
    characterStyle: '{{name}}: style',
    characterPicture: '{{name}}: picture',
    nodeName: 'Chapter {{n}}: title',
    nodeContent: 'Chapter {{n}}: content',
    nodeEnding: 'Chapter {{n}}: ending',
    nodePicture: 'Chapter {{n}}: background',
  },
  audit: {
    title: 'Audit log',
    table: 'Operator actions',
    search: 'Search reasons and targets',
    when: 'When',
    who: 'Operator',
    what: 'Action',
    target: 'Target',
    reason: 'Reason',
    empty: 'No actions recorded',
    more: 'Load more',
    filters: 'Filters',
    action: 'Action',
    anyAction: 'Any action',
    operator: 'Operator uid',
    targetId: 'Target id',
  },
};

export default en;
export type OpsCatalogue = typeof en;
