import type { ReportCatalogue } from './report.en';

/** 举报流程的中文文案（并入 `player` 命名空间）。 */
const reportZhCN: ReportCatalogue = {
  report: {
    open: '举报',
    openLine: '举报这条消息',
    title: '举报',
    description: '告诉我们哪里有问题。举报是匿名的。',
    reason: '举报理由',
    choose: '选择理由',
    content: '涉及哪些内容？',
    details: '详细说明（选填）',
    submit: '提交举报',
    cancel: '取消',
    thanks: '感谢你的举报，我们会尽快处理。',
    needReason: '请选择理由并至少勾选一项内容。',
    already: '你已经举报过了，处理结果会通知你。',
    own: '不能举报自己的内容。',
    loadFailed: '举报表单加载失败。',
    reasons: {
      Sexual: '色情内容',
      Violence: '暴力',
      Hateful: '仇恨言论',
      Harassment: '骚扰或霸凌',
      Minor: '危害未成年人',
      SelfHarm: '自杀或自残',
      Illegal: '违法活动',
      Rumors: '虚假信息',
      Plagiarism: '抄袭',
      Spam: '垃圾信息或广告',
      Impersonation: '冒充他人',
      Others: '其他',
    },
    parts: {
      name: '名称',
      cover: '封面',
      introduction: '简介',
      characters: '角色',
      chapters: '章节',
      opening: '开场白',
      text: '文字',
      nickname: '昵称',
      avatar: '头像',
      stories: '故事',
      message: '消息',
      description: '描述',
      fields: '字段',
      title: '标题',
    },
  },
};

export default reportZhCN;
