import type { StoryViewCatalogue } from './storyView.en';

/** 按审核时版本只读查看故事及其申诉的控制台文案（并入 `ops` 命名空间）。 */
const storyViewZhCN: StoryViewCatalogue = {
  storyView: {
    title: '{{name}}（审核时版本）',
    back: '返回申诉列表',
    open: '查看 {{name}} 的审核时版本',
    notFound: '找不到这个故事版本。',
    error: '故事版本加载失败。',
    denied: '只有拥有处置员权限的运营人员才能查看故事版本及其申诉。',
    decisionTitle: '审核决定',
    creator: '创作者：',
    versionStatus: '此版本：{{status}}（发布于 {{date}}）',
    decidedBy: '{{name}} 于 {{date}} 判定为{{status}}',
    logReason: '操作日志记录：{{reason}}',
    noDecision: '没有运营人员审核过此版本，仅经过自动审核。',
    notEdited: '创作者此后未编辑过故事。',
    editedSince: '创作者此后编辑过故事：这里显示的是审核时的版本，而非故事现在的内容。',
    deleted: '创作者已删除该故事。',
    appealTitle: '申诉',
    appealLine: '{{status}}（申诉于 {{date}}）',
    appealStatus: { Pending: '等待处理', Approved: '已通过', Rejected: '未通过', Cancelled: '因编辑而取消' },
    appealDecided: '{{date}} 处理：{{reason}}',
    noAppeal: '此版本没有申诉。',
    shortcuts: '快捷键：A 通过，R 驳回，N 下一条申诉',
    needReason: '请先填写处理理由。',
    next: '下一条申诉',
    asPlayers: '玩家看到的故事',
    empty: '此版本没有内容。',
    rejectedFor: '驳回理由：{{reason}}',
    cover: '{{name}} 的封面',
  },
};

export default storyViewZhCN;
