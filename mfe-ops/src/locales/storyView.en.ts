/** The console's copy for a story version as judged, read only, and its appeal (merged into the `ops` namespace). */
const storyViewEn = {
  storyView: {
    title: '{{name}}, as judged',
    back: 'Back to the appeals',
    open: 'Open {{name}} as judged',
    notFound: 'This story version could not be found.',
    error: 'The story version could not be loaded.',
    denied: 'Only operators with the moderator permission can open a story version and its appeal.',
    decisionTitle: 'Decision',
    creator: 'Creator:',
    versionStatus: 'This version: {{status}} (published {{date}})',
    decidedBy: '{{status}} by {{name}} on {{date}}',
    logReason: 'In the audit log: {{reason}}',
    noDecision: 'No operator decided on this version: only the automated review judged it.',
    notEdited: 'The creator has not edited the story since.',
    editedSince: 'The creator has edited the story since: this is the version as judged, not the story as it is now.',
    deleted: 'The creator has deleted the story.',
    appealTitle: 'Appeal',
    appealLine: '{{status}} (appealed {{date}})',
    appealStatus: { Pending: 'Waiting for a decision', Approved: 'Approved', Rejected: 'Not approved', Cancelled: 'Cancelled by an edit' },
    appealDecided: 'Decided {{date}}: {{reason}}',
    noAppeal: 'No appeal of this version.',
    shortcuts: 'Shortcuts: A approve, R reject, N next appeal',
    needReason: 'Give a reason for the decision first.',
    next: 'Next appeal',
    asPlayers: 'The story as players get it',
    empty: 'This version has no content.',
    rejectedFor: 'Rejected: {{reason}}',
    cover: 'Cover of {{name}}',
  },
};

export default storyViewEn;
export type StoryViewCatalogue = typeof storyViewEn;
