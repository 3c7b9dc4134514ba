import type { RepliesCatalogue } from './replies.en';

/** 玩家对剧情中 AI 回复的点赞与反馈，以及评论举报的中文文案（并入 `player` 命名空间）。 */
const repliesZhCN: RepliesCatalogue = {
  replyActions: {
    like: '赞这条回复',
    liked: '已赞',
    more: '这条回复的更多操作',
    feedback: '反馈',
    changeFeedback: '修改反馈',
    report: '举报这条回复',
    remark: '添加备注',
    editRemark: '编辑你的备注',
    yourRemark: '你的备注：',
    given: '你的反馈：{{attitude}}',
  },
  feedback: {
    title: '对这条回复的反馈',
    description: '告诉我们这条回复怎么样。只有产品团队会看到。',
    attitude: '这条回复怎么样？',
    attitudes: {
      '10': '满意',
      '20': '一般',
      '30': '不满意',
    },
    reasons: '哪里不好？',
    reasonList: {
      InconsistentLogic: '逻辑不一致',
      SuperficialAndBoring: '内容肤浅无趣',
      ContainsFactualErrors: '包含事实错误',
      RepetitiveContent: '内容重复',
      ContentIsDisturbing: '内容令人不适',
    },
    needAttitude: '请选择这条回复怎么样。',
    needReason: '请至少选择一项问题。',
    comment: '还有其他想说的吗？（选填）',
    submit: '提交反馈',
    cancel: '取消',
    thanks: '感谢你的反馈。',
  },
  remark: {
    title: '给这条回复写备注',
    editTitle: '编辑你的备注',
    description: '给你喜欢的回复写一句自己的备注。保存后会赞这条回复；只有你能看到。',
    label: '你的备注',
    save: '保存备注',
    cancel: '取消',
    saved: '备注已保存。',
    removed: '备注已删除。',
  },
  commentReport: {
    label: '举报 {{name}} 的评论',
    logIn: '登录后举报',
  },
};

export default repliesZhCN;
