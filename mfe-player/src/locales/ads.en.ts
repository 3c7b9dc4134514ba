/** Rewarded ads and membership offers at the chat limit (merged into the `player` namespace). */
const adsEn = {
  ads: {
    watch: 'Watch an ad for {{count}} more chats',
    becomeMember: 'Become a member: no daily limit',
    starting: 'Starting the ad…',
    title: 'Ad',
    houseTitle: 'Storyverse members chat without limits',
    houseText: 'Unlimited chats, member-only image styles, your choice of model, and no ads.',
    secondsLeft_one: 'Reward in {{count}} second',
    secondsLeft_other: 'Reward in {{count}} seconds',
    claim: 'Get my chats',
    close: 'Close',
    closeEarly: 'Close without the reward',
    rewarded_one: 'You got {{count}} more chat today.',
    rewarded_other: 'You got {{count}} more chats today.',
    noMoreToday: 'No more ads today. Come back tomorrow, or become a member.',
    failed: 'The reward could not be given. Please try again.',
  },
};

export default adsEn;
export type AdsCatalogue = typeof adsEn;
