/** A call with the play's character (merged into the `player` namespace). */
const callEn = {
  call: {
    open: 'Call',
    title: 'Call with {{name}}',
    start: 'Start call',
    again: 'Call again',
    connecting: 'Connecting…',
    left: 'Up to {{max}} min a call · {{left}} min of calls left today',
    noneLeft: 'No call time left today. Try again tomorrow.',
    listening: 'Listening…',
    youSpeak: 'You are speaking',
    theySpeak: '{{name}} is speaking',
    muted: 'Microphone muted',
    mute: 'Mute',
    unmute: 'Unmute',
    end: 'End call',
    you: 'You',
    transcript: 'Transcript',
    hint: 'Speak after the call connects; pause to let the character answer.',
    ended: 'Call ended.',
    endedDuration: 'The call reached its longest time and ended.',
    endedTime: 'No call time is left today, so the call ended.',
    endedQuota: "Today's limit is reached, so the call ended.",
    failed: 'The call could not start. Check that the microphone is allowed, then try again.',
    /** Under a line of the play the player said on a call. */
    spokenMark: 'Said on a call',
  },
} as const;

export default callEn;
