import type { ReportsCatalogue } from './reports.en';

/** “我的举报”中文文案（并入 `account` 命名空间）。 */
const reportsZhCN: ReportsCatalogue = {
  reports: {
    title: '我的举报',
    link: '我的举报',
    loading: '正在加载你的举报…',
    loadFailed: '你的举报加载失败。',
    emptyTitle: '暂无举报',
    emptyText: '你在故事、评论或对话中提交的举报会显示在这里，并附上处理结果。',
    more: '加载更多',
    untitled: '无标题',
    line: '{{kind}}：{{name}}',
    sent: '提交于 {{date}}',
    status: { Open: '审核中', Resolved: '已处理' },
    outcome: {
      NoAction: '未发现违规。',
      Remove: '该内容已被移除。',
      Sanction: '其作者已被处罚。',
    },
    kinds: { story: '故事', comment: '评论', author: '创作者', dialogue: '对话', template: '模板', topic: '话题' },
  },
};

export default reportsZhCN;
