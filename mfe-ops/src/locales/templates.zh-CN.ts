import type templatesEn from './templates.en';

/** The console copy for the template whitelist, in Chinese (merged into the `ops` namespace). */
const templatesZh: typeof templatesEn = {
  templates: {
    nav: '模板白名单',
    title: '模板白名单',
    intro: '白名单上的创作者可以为模板库制作和发布模板。移出白名单不会改动其已有的模板。',
    addTitle: '添加创作者',
    user: '用户 ID 或 uid',
    add: '添加',
    added: '{{name}} 已加入白名单。',
    removed: '{{name}} 已移出白名单。',
    notFound: '没有该用户 ID 或 uid 对应的账号。',
    failed: '更改未能保存。',
    empty: '白名单上还没有创作者',
    table: '白名单上的创作者',
    creator: '创作者',
    person: '{{name}}（{{id}}）',
    addedBy: '添加人',
    bySeed: '示例数据',
    addedAt: '添加时间',
    actions: '操作',
    remove: '移除',
    removeLabel: '将 {{name}} 移出白名单',
  },
};
export default templatesZh;
