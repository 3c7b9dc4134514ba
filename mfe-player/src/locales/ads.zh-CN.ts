import type { AdsCatalogue } from './ads.en';

/** 达到聊天上限时的激励广告与会员推荐（并入 `player` 命名空间）。 */
const adsZhCN: AdsCatalogue = {
  ads: {
    watch: '看广告，再聊 {{count}} 条',
    becomeMember: '成为会员：无每日限制',
    starting: '正在加载广告…',
    title: '广告',
    houseTitle: 'Storyverse 会员畅聊无限制',
    houseText: '无限聊天、会员专属画风、自选模型，并且免广告。',
    secondsLeft_one: '{{count}} 秒后可领取奖励',
    secondsLeft_other: '{{count}} 秒后可领取奖励',
    claim: '领取聊天次数',
    close: '关闭',
    closeEarly: '关闭（不领取奖励）',
    rewarded_one: '今天多了 {{count}} 条聊天次数。',
    rewarded_other: '今天多了 {{count}} 条聊天次数。',
    noMoreToday: '今天的广告已看完。明天再来，或成为会员。',
    failed: '奖励发放失败，请重试。',
  },
};

export default adsZhCN;
