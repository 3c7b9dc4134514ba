/** The opening picker's copy (merged into the `player` namespace). */
const greetingsEn = {
  greetings: {
    title: 'Choose how it starts',
    hint: 'Pick another opening before your first message.',
    option: 'Opening {{n}}',
    choosing: 'Changing the opening…',
  },
} as const;

export default greetingsEn;
export type GreetingsCatalogue = typeof greetingsEn;
