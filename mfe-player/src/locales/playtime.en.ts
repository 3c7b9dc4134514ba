/** Play time (anti-addiction) copy: the pre-warning and the refusal (merged into the `player` namespace). */
const playTimeEn = {
  playTime: {
    minutesLeft_one: 'About {{count}} minute of play time left today (until {{time}}). Time to wrap up.',
    minutesLeft_other: 'About {{count}} minutes of play time left today (until {{time}}). Time to wrap up.',
    curfewSoon: 'Play closes at {{time}} for tonight. Time to wrap up.',
    refusedTitle: 'Time for a break',
    usedUp: 'You have used today’s play time.',
    outsideHours: 'Play is not available at this hour.',
    reopensAt: 'It opens again at {{time}}.',
    playKept: 'Your play is saved: you can go on from here when it opens.',
    feedClosed: 'Stories come back here when it opens.',
    youthLink: 'About youth mode',
  },
};
export default playTimeEn;
