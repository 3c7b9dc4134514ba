import type holdEn from './hold.en';

/** 推荐卡片的“不感兴趣”（合并进 `player` 命名空间）。 */
const holdZhCN: typeof holdEn = {
  hold: {
    open: '对《{{name}}》不感兴趣',
    title: '不感兴趣？',
    description: '《{{name}}》将从你的推荐中移除。请告诉我们原因：',
    cancel: '取消',
    done: '已从你的推荐中移除《{{name}}》',
    reasons: {
      NotInterested: '不感兴趣',
      PoorContentQuality: '内容质量差',
      Clickbait: '标题党',
    },
  },
};
export default holdZhCN;
