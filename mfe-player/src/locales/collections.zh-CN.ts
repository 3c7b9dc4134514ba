import type collectionsEn from './collections.en';

/** 合集页面的文案（合并到 `player` 命名空间）。 */
const collectionsZhCN: typeof collectionsEn = {
  collection: {
    kind: '合集',
    by: '作者：{{name}}',
    loading: '正在加载合集…',
    unavailable: '这个合集无法访问',
    creations_one: '{{count}} 个作品',
    creations_other: '{{count}} 个作品',
    meta_one: '{{kind}} · {{count}} 个作品',
    meta_other: '{{kind}} · {{count}} 个作品',
    empty: '其中的作品暂时都无法打开。',
    like: '点赞',
    liked: '已点赞',
    likes_one: '{{count}} 个赞',
    likes_other: '{{count}} 个赞',
    shareTitle: '分享这个合集',
    report: '举报',
    onAuthor: '合集',
    bot: '角色',
    story: '故事',
  },
};
export default collectionsZhCN;
