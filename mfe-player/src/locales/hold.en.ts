/** The feed card's "Not interested" (merged into the `player` namespace). */
const holdEn = {
  hold: {
    open: 'Not interested in {{name}}',
    title: 'Not interested?',
    description: '{{name}} will leave your feed. Tell us why:',
    cancel: 'Cancel',
    done: '{{name}} was removed from your feed',
    reasons: {
      NotInterested: 'Not interested',
      PoorContentQuality: 'Poor content quality',
      Clickbait: 'Clickbait',
    },
  },
};
export default holdEn;
