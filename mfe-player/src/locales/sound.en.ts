/** The play panel's sound: spoken replies, background music, replaying a line (merged into the `player` namespace). */
const soundEn = {
  sound: {
    region: 'Sound',
    speak: 'Speak replies',
    music: 'Background music',
    musicValue: '{{volume}}%',
    noMusic: 'No music in this chapter',
    reached: 'Voice playback limit reached today. Replies are shown as text until it is available again.',
    recovered: 'Voice playback is available again.',
    dismiss: 'Dismiss',
    tapToHear: 'Tap to hear the reply',
    replay: 'Play this line aloud',
    replaying: 'Playing this line',
    speaking: 'Speaking',
  },
} as const;

export default soundEn;
