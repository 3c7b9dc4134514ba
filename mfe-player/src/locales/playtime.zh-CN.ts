import type playTimeEn from './playtime.en';

/** 游玩时长（防沉迷）文案。 */
const playTimeZhCN: typeof playTimeEn = {
  playTime: {
    minutesLeft_one: '今天的游玩时间还剩约 {{count}} 分钟（到 {{time}}），准备收尾吧。',
    minutesLeft_other: '今天的游玩时间还剩约 {{count}} 分钟（到 {{time}}），准备收尾吧。',
    curfewSoon: '今晚 {{time}} 起暂停游玩，准备收尾吧。',
    refusedTitle: '休息一下吧',
    usedUp: '今天的游玩时间已用完。',
    outsideHours: '当前时段不可游玩。',
    reopensAt: '将于 {{time}} 重新开放。',
    playKept: '你的进度已保存，开放后可以从这里继续。',
    feedClosed: '开放后故事会重新出现在这里。',
    youthLink: '了解青少年模式',
  },
};
export default playTimeZhCN;
