/** The collection page's copy (merged into the `player` namespace). */
const collectionsEn = {
  collection: {
    kind: 'Collection',
    by: 'By {{name}}',
    loading: 'Loading the collection…',
    unavailable: 'This collection is not available',
    creations_one: '{{count}} creation',
    creations_other: '{{count}} creations',
    meta_one: '{{kind}} · {{count}} creation',
    meta_other: '{{kind}} · {{count}} creations',
    empty: 'None of its stories can be opened right now.',
    like: 'Like',
    liked: 'Liked',
    likes_one: '{{count}} like',
    likes_other: '{{count}} likes',
    shareTitle: 'Share this collection',
    report: 'Report',
    onAuthor: 'Collections',
    bot: 'Character',
    story: 'Story',
  },
};
export default collectionsEn;
