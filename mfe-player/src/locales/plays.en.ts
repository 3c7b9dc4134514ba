/** The copy of a story's plays (the list on the story page) and of bots as character chats (merged into `player`). */
const playsEn = {
  plays: {
    title: 'Your plays',
    loading: 'Loading your plays…',
    empty: 'You have not played this story yet.',
    loadError: 'Your plays could not be loaded.',
    /** One play: when it was last played, how far it got. */
    startedAt: 'Started {{when}}',
    playedAgo: 'Played {{when}}',
    chapter: 'Chapter {{index}} of {{count}}',
    meta: '{{where}} · {{played}}',
    ended: 'Ended',
    chatTurns_one: '{{count}} message',
    chatTurns_other: '{{count}} messages',
    noLine: 'Nothing said yet.',
    open: 'Open',
    openPlay: 'Open the play started {{when}}',
    current: 'Latest',
  },
  bot: {
    /** A bot's byline and label: a chat with one character, not a story in chapters. */
    characterChat: 'Character chat',
    shareTitle: 'Share this character',
  },
} as const;

export default playsEn;
export type PlaysCatalogue = typeof playsEn;
