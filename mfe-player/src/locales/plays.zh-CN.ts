import type { Translation } from 'ui-kit';
import type { PlaysCatalogue } from './plays.en';

/** 故事页上“你的游玩记录”以及机器人（角色聊天）的中文文案（并入 `player` 命名空间）。 */
const playsZhCN: Translation<PlaysCatalogue> = {
  plays: {
    title: '你的游玩记录',
    loading: '正在加载你的游玩记录…',
    empty: '你还没有玩过这个故事。',
    loadError: '无法加载你的游玩记录。',
    startedAt: '开始于{{when}}',
    playedAgo: '{{when}}玩过',
    chapter: '第 {{index}} 章，共 {{count}} 章',
    meta: '{{where}} · {{played}}',
    ended: '已结束',
    chatTurns_one: '{{count}} 条消息',
    chatTurns_other: '{{count}} 条消息',
    noLine: '还没有对话。',
    open: '打开',
    openPlay: '打开开始于{{when}}的游玩',
    current: '最近',
  },
  bot: {
    characterChat: '角色聊天',
    shareTitle: '分享这个角色',
  },
};

export default playsZhCN;
