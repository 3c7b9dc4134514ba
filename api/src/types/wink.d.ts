declare module 'wink-porter2-stemmer' {
  /** The Porter2 (English Snowball) stem of a lower-case word. */
  export default function stem(word: string): string;
}

declare module 'wink-lexicon/src/wn-verb-exceptions.js' {
  /** WordNet's irregular verb forms, each to its infinitive ("sold" to "sell"). */
  const exceptions: Record<string, string>;
  export default exceptions;
}

declare module 'wink-lexicon/src/lexicon.js' {
  /** English words to the parts of speech they can take (Penn tags such as NN, VB, VBZ, JJ). */
  const lexicon: Record<string, string[]>;
  export default lexicon;
}
