/** The Memory panel, the lines' Pin buttons and the suggested replies (merged into the `player` namespace). */
const memoryEn = {
  memory: {
    open: 'Memory',
    title: 'What the characters remember',
    description: 'The summary of earlier turns and what you pinned are in every reply’s prompt.',
    loading: 'Reading the memory…',
    failed: 'The memory could not be read.',
    summary: 'Summary of earlier turns',
    summaryEmpty: 'Nothing summarised yet: as the play grows, older turns are summarised here.',
    summaryLabel: 'Summary',
    saveSummary: 'Save summary',
    summarySaved: 'Summary saved.',
    pins: 'Pinned memories',
    pinsCount: '{{count}} of {{max}} pinned',
    pinsEmpty: 'Nothing pinned yet. Pin a line of the conversation, or write a note below.',
    notInPrompt: 'Left out: over the memory’s room (newest pins come first)',
    you: 'You',
    note: 'Note',
    unpin: 'Unpin',
    unpinLabel: 'Unpin: {{text}}',
    noteLabel: 'A note to remember',
    notePlaceholder: 'e.g. My character is afraid of the sea.',
    addNote: 'Pin note',
    full: 'At most {{max}} pins: unpin one to pin another.',
    pin: 'Pin',
    pinned: 'Pinned',
    pinLabel: 'Pin to memory: {{text}}',
    unpinLineLabel: 'Pinned to memory, press to unpin: {{text}}',
    close: 'Close',
  },
  suggest: {
    ask: 'Suggest replies',
    asking: 'Thinking of replies…',
    failed: 'No suggestions this time. Try again.',
  },
};

export default memoryEn;
export type MemoryCatalogue = typeof memoryEn;
