/** The reply controls' and the composer's turn copy: regenerate, versions, keep talking (merged into `player`). */
const turnsEn = {
  turns: {
    regenerate: 'Regenerate',
    regenerateLabel: 'Write this reply again (the current text is kept)',
    previous: 'Previous version',
    next: 'Next version',
    version: 'Version {{n}} of {{count}}',
    keepTalking: 'Keep talking',
    keepTalkingLabel: 'Let the character go on without a message from you',
    regenerateFailed: 'The new version could not be written; the previous one is kept.',
    regenerateMax: 'This reply already has {{max}} versions.',
    keepTalkingMax: 'The character has gone on {{max}} times in a row. Send a message to continue.',
    switchFailed: 'That version could not be shown. Try again.',
    edit: 'Edit',
    editing: 'Editing your last message: sending replaces it and everything after it.',
    cancelEdit: 'Cancel editing',
    stop: 'Stop',
  },
};

export default turnsEn;
export type TurnsCatalogue = typeof turnsEn;
