/** A play shared as a video: the play menu's dialog and the video's page (merged into the `player` namespace). */
const videoEn = {
  video: {
    open: 'Share as video',
    title: 'Share this play as a video',
    loading: 'Checking how many videos you can make today…',
    whole: 'The whole play becomes a vertical video: each line in its speaker’s voice, with captions, the chapter’s pictures and music.',
    soFar_one: 'The play so far ({{count}} line) becomes a vertical video, with voices, captions, pictures and music.',
    soFar_other: 'The play so far ({{count}} lines) becomes a vertical video, with voices, captions, pictures and music.',
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
