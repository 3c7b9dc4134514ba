import type { ModerationCatalogue } from './moderation.en';

/** 运营状态、可见性、权限与举报的中文文案（并入 `ops` 命名空间）。 */
const moderationZhCN: ModerationCatalogue = {
  operate: {
    opStatus: '运营状态',
    visibility: '可见性标签',
    unchanged: '保持不变',
    noTag: '无标签',
    ops: {
      Public: '公开',
      UnPass: '不通过（仅创作者可见）',
      MildNotRecommend: '轻度不推荐（推荐流靠后）',
      NotRecommend: '不推荐（仅可搜索）',
      SelfWatch: '仅自己可见',
      BreakUp: '已下架',
      Delete: '已删除',
    },
    tags: {
      Invisible: '不可见（仅创作者可见）',
      Searchable: '可搜索（不进推荐流）',
      MildNotRecommended: '轻度不推荐（推荐流靠后）',
      Recommended: '推荐（推荐流靠前）',
    },
  },
  permissions: {
    nav: '权限',
    title: '运营权限',
    table: '运营人员',
    who: '运营人员',
    person: '{{name}}（{{id}}）',
    empty: '暂无运营人员',
    grantTitle: '授予权限',
    user: '用户 ID 或 uid',
    permission: '权限',
    grant: '授予',
    granted: '已授予权限。',
    revoked: '已收回权限。',
    revoke: '收回 {{name}} 的{{permission}}权限',
    notFound: '找不到该用户 ID 或 uid 对应的账号。',
    self: '不能收回自己的管理员权限。',
    failed: '修改未能保存。',
    names: { reviewer: '审核员', moderator: '处置员', content_operator: '内容运营', admin: '管理员' },
  },
  noPermission: '你的运营账号没有此页面的权限。',
};

export default moderationZhCN;
