/** The shell's copy in English: the `shell` namespace. Every other language has exactly these keys. */
const en = {
  skipToContent: 'Skip to content',
  loading: 'Loading…',
  header: {
    home: 'Storyverse home',
    brand: 'Storyverse',
    navLabel: 'Main',
    play: 'Stories',
    myStory: 'My Story',
    myStoryUnread: 'My Story (new updates)',
    moderation: 'Moderation',
    newUpdates: 'New updates',
    logIn: 'Log in',
    profile: 'Profile',
    settings: 'Settings',
    blocked: 'Blocked list',
    logOut: 'Log out',
    deleteAccount: 'Delete account',
    logOutTitle: 'Log out?',
    logOutText: 'You will need to log in again to edit your stories.',
    logoutFailed: 'Logout failed',
    getApp: 'Get the app',
    qrFor: 'QR code for {{url}}',
    qrLoading: 'Loading the QR code',
    qrFailed: 'The QR code could not be loaded',
    qrUnavailable: 'QR code unavailable: use the link below.',
    scanText: 'Scan with your phone to play stories in the app.',
  },
  home: {
    title: 'Create interactive stories',
    heading: 'Create interactive AI stories',
    lead: 'Write stories made of chapters, characters and an opening scene, or a single character to chat with (a bot). Publish after a safety review, then players play your stories and chat with your characters.',
    createTitle: 'Create',
    createText: 'Open your drafts and published stories, or start a new story or bot.',
    createAction: 'My Story',
    playTitle: 'Play',
    playText: 'Explore stories from other creators and chat with their characters.',
    playAction: 'Play stories',
  },
  remote: {
    loading: 'Loading this page',
    unavailable: 'This part of the product is temporarily unavailable',
    retry: 'Retry',
  },
} as const;

export default en;
export type ShellCopy = typeof en;
