/** The editor namespace's copy for the appeal of a rejected story (`appeal.*`), in English. */
export const appealCopy = {
  title: 'Appeal',
  intro: 'An operator rejected this version. If you think the decision is wrong, you can appeal once, without editing the story.',
  open: 'Appeal',
  dialogTitle: 'Appeal the rejection',
  dialogText: 'Tell the operators why this version follows the rules. Editing the story cancels the appeal.',
  label: 'Why the decision should change',
  send: 'Send appeal',
  cancel: 'Cancel',
  failed: 'The appeal could not be sent: {{error}}',
  pending: 'Your appeal is waiting for an operator. Editing the story cancels it.',
  approved: 'Your appeal was approved: this version is live.',
  rejected: 'Your appeal was not approved: {{reason}}. This version cannot be appealed again.',
} as const;
