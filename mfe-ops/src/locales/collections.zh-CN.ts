import type collectionsEn from './collections.en';

/** 审核队列中合集的后台文案（合并到 `ops` 命名空间）。 */
const collectionsZhCN: typeof collectionsEn = {
  collections: {
    title: '合集',
    table: '待审核的合集',
    loading: '正在加载合集…',
    error: '合集加载失败。',
    reload: '重新加载合集',
    empty: '没有待审核的合集。',
    name: '合集',
    status: '状态',
    flagged: '被标记',
    decide: '审核决定',
    note: '对「{{name}}」的说明',
    notePlaceholder: '创作者可见的原因（选填）',
    creations: '作品：{{names}}',
    separator: '、',
    pass: '通过',
    fail: '不通过',
    unqualified: '不合格',
    statuses: { ToVerify: '审核中', Failed: '未通过', Unqualified: '不合格', Passed: '已通过', Default: '新建', SelfWatch: '已下架' },
  },
};
export default collectionsZhCN;
