import type { OpsCatalogue } from './en';
import consoleZhCN from './console.zh-CN';
import moderationZhCN from './moderation.zh-CN';
import sanctionsZhCN from './sanctions.zh-CN';
import templatesZhCN from './templates.zh-CN';
import storyViewZhCN from './storyView.zh-CN';
import frameZhCN from './frame.zh-CN';
import collectionsZhCN from './collections.zh-CN';
import commerceZhCN from './commerce.zh-CN';
import feedbackZhCN from './feedback.zh-CN';
import identityZhCN from './identity.zh-CN';

/** 运营后台的中文文案（`ops` 命名空间）。 */
const zhCN: OpsCatalogue = {
  ...consoleZhCN,
  ...moderationZhCN,
  ...sanctionsZhCN,
  ...templatesZhCN,
  ...frameZhCN,
  ...feedbackZhCN,
  ...identityZhCN,
  ...storyViewZhCN,
  ...collectionsZhCN,
  ...commerceZhCN,
  pageTitle: '{{title}} · Storyverse',
  reviewReasons: {
    reviewAdult: '不允许色情内容',
    reviewMinor: '不允许涉及未成年人的内容',
    reviewHateful: '不允许仇恨内容',
    reviewHarassment: '不允许骚扰内容',
    reviewSuicide: '不允许涉及自我伤害的内容',
    reviewViolent: '不推荐暴力内容',
    reviewIllegal: '不允许涉及违法活动的内容',
    reviewDangerous: '不允许危险内容',
    reviewWords: '包含不允许使用的词语，请修改后重试',
    reviewGeneric: '此设置不可用，请修改后重试',
  },
  nav: { label: '后台', queue: '审核队列', audit: '操作日志' },
  common: { loading: '加载中…', tryAgain: '重试', error: '列表加载失败。' },
  queue: {
    title: '审核队列',
    table: '审核队列',
    story: '故事',
    status: '状态',
    flagged: '被标记的字段',
    submitted: '提交时间',
    claimedBy: '领取人',
    empty: '暂无待审核内容',
    emptyHint: '自动审核标记的故事会在这里等待人工审核；通过自动审核的故事会直接公开。玩家的举报在“举报”页，创作者的申诉在“申诉”页。',
    open: '审核',
    free: '未领取',
  },
  status: { 6: '等待自动审核', 20: '已通过', 25: '未通过', 26: '不合格', other: '状态 {{code}}' },
  review: {
    title: '审核：{{name}}',
    back: '返回队列',
    claiming: '正在领取…',
    claimed: '已为你锁定至 {{time}}',
    claimFailed: '其他运营正在审核这个故事。',
    notFound: '这个故事已不在审核队列中。',
    fields: '字段',
    flagged: '已标记：{{reason}}',
    reasonFor: '{{field}} 的原因',
    reject: '驳回',
    approve: '通过',
    unqualified: '不合格',
    next: '下一个',
    note: '日志备注',
    needReason: '驳回前请至少为一个字段填写原因。',
    decided: '审核结果已保存。',
    shortcuts: '快捷键：A 通过，R 驳回，N 下一个',
    storyName: '故事名称',
    introduction: '简介',
    summary: '梗概',
    prologue: '开场白',
    playerName: '玩家名称',
    playerSettings: '玩家设定',
    characterName: '{{name}}：名称',
    characterSettings: '{{name}}：设定',
    characterStyle: '{{name}}：风格',
    characterPicture: '{{name}}：图片',
    nodeName: '第 {{n}} 章：标题',
    nodeContent: '第 {{n}} 章：内容',
    nodeEnding: '第 {{n}} 章：结局',
    nodePicture: '第 {{n}} 章：背景图',
  },
  audit: {
    title: '操作日志',
    table: '运营操作',
    search: '搜索原因和对象',
    when: '时间',
    who: '运营',
    what: '操作',
    target: '对象',
    reason: '原因',
    empty: '暂无操作记录',
    more: '加载更多',
    filters: '筛选',
    action: '操作类型',
    anyAction: '全部操作',
    operator: '运营 uid',
    targetId: '对象 ID',
  },
};

export default zhCN;
