import type identityEn from './identity.en';

/** 账号页的实名与游玩时长部分。 */
const identityZhCN: typeof identityEn = {
  identity: {
    title: '实名与游玩时长',
    loadFailed: '实名信息加载失败。',
    certification: '实名认证',
    states: { NotCertified: '未认证', AlreadyAdult: '已认证成年', NotAdult: '已认证未满 18 岁' },
    name: '姓名（打码）',
    certifiedAt: '认证时间',
    none: '—',
    youthMode: '青少年模式',
    on: '开启',
    off: '关闭',
    attempts: '今日尝试次数',
    attemptsValue: '认证 {{certify}} 次 · 密码 {{passcode}} 次',
    playTime: '今日游玩时长',
    playTimeValue: '{{used}} / {{allowance}} 分钟',
    unlimited: '不限',
    reopens: '关闭至 {{date}}',
    resetTitle: '重置今日尝试次数',
    resetReason: '重置原因',
    reset: '重置次数',
    resetDone: '今日尝试次数已重置。',
    resetFailed: '重置失败，请重试。',
  },
};
export default identityZhCN;
