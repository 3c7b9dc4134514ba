/** A play shared as a video: the play menu's dialog and the video's page (merged into the `player` namespace). */
const videoEn = {
  video: {
    open: 'Share as video',
    title: 'Share this play as a video',
    loading: 'Checking how many videos you can make today…',
    chosen_one: 'The chosen turns ({{count}} line) become a vertical video, with voices, captions, pictures and music.',
    chosen_other: 'The chosen turns ({{count}} lines) become a vertical video, with voices, captions, pictures and music.',
    turns: 'Turns in the video',
    lines: '{{count}} of at most {{max}} lines',
    noTurns: 'Nothing has been said in this play yet.',
    tooMany: 'A video holds at most {{max}} lines: choose fewer turns.',
    left: 'Videos left today: {{remaining}} of {{limit}}',
    make: 'Make the video',
    progress: 'Making the video: {{percent}}%',
    cancel: 'Cancel the video',
    cancelled: 'The video was cancelled.',
    failed: 'The video could not be made. Try again later.',
    ready: 'Your video is ready.',
    link: 'Link to the video',
    copy: 'Copy link',
    copied: 'Link copied',
    watch: 'Watch',
    close: 'Close',
    limit: 'You have made all your videos for today. Try again tomorrow.',
    flagged: 'Some lines did not pass the content review and cannot be in a video.',
    pageTitle: 'Video',
    pageLoading: 'Loading the video…',
    unavailable: 'This video is not available',
    notVideo: 'This link is not a video.',
    player: 'Video: {{title}}',
    length: '{{seconds}} s',
    playStory: 'Play the story',
  },
};

export default videoEn;
export type VideoCatalogue = typeof videoEn;
