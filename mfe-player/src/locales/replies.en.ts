/** The copy of the marks a player puts on the AI's replies in play, and of reports on comments (merged into `player`). */
const repliesEn = {
  replyActions: {
    like: 'Like this reply',
    liked: 'Liked',
    more: 'More for this reply',
    feedback: 'Give feedback',
    changeFeedback: 'Change feedback',
    report: 'Report this reply',
    remark: 'Add a remark',
    editRemark: 'Edit your remark',
    /** Before the remark, under a liked reply. */
    yourRemark: 'Your remark:',
    /** The feedback given, under the reply. */
    given: 'Your feedback: {{attitude}}',
  },
  feedback: {
    title: 'Feedback on this reply',
    description: 'Tell us how this reply was. Only the product team reads it.',
    attitude: 'How was this reply?',
    attitudes: {
      '10': 'Satisfied',
      '20': 'Average',
      '30': 'Dissatisfied',
    },
    reasons: 'What was wrong?',
    reasonList: {
      InconsistentLogic: 'Inconsistent logic',
      SuperficialAndBoring: 'Superficial and boring',
      ContainsFactualErrors: 'Contains factual errors',
      RepetitiveContent: 'Repetitive content',
      ContentIsDisturbing: 'Content is disturbing',
    },
    needAttitude: 'Choose how the reply was.',
    needReason: 'Choose at least one thing that was wrong.',
    comment: 'Anything else? (optional)',
    submit: 'Send feedback',
    cancel: 'Cancel',
    thanks: 'Thanks for your feedback.',
  },
  remark: {
    title: 'Remark on this reply',
    editTitle: 'Edit your remark',
    description: 'A short note of your own on a reply you like. Saving it likes the reply; only you see it.',
    label: 'Your remark',
    save: 'Save remark',
    cancel: 'Cancel',
    saved: 'Remark saved.',
    removed: 'Remark removed.',
  },
  commentReport: {
    /** The report entry of a comment, named for screen readers. */
    label: 'Report the comment by {{name}}',
    logIn: 'Log in to report',
  },
};

export default repliesEn;
export type RepliesCatalogue = typeof repliesEn;
