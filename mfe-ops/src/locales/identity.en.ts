/** The account page's identity section (merged into the `ops` namespace). */
const identityEn = {
  identity: {
    title: 'Identity and play time',
    loadFailed: 'The identity details could not be loaded.',
    certification: 'Real-name verification',
    states: { NotCertified: 'Not verified', AlreadyAdult: 'Verified adult', NotAdult: 'Verified under 18' },
    name: 'Name (masked)',
    certifiedAt: 'Verified on',
    none: '—',
    youthMode: 'Youth mode',
    on: 'On',
    off: 'Off',
    attempts: 'Attempts today',
    attemptsValue: 'Verification {{certify}} · passcode {{passcode}}',
    playTime: 'Play time today',
    playTimeValue: '{{used}} of {{allowance}} min',
    unlimited: 'Not limited',
    reopens: 'closed until {{date}}',
    resetTitle: 'Reset today’s attempts',
    resetReason: 'Reason for the reset',
    reset: 'Reset attempts',
    resetDone: 'Today’s attempts were reset.',
    resetFailed: 'The reset failed. Please try again.',
  },
};
export default identityEn;
