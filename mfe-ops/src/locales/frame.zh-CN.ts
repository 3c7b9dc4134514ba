import type frameEn from './frame.en';

/** 后台框架的中文文案：导航分组、徽标、页头和列表（并入 `ops` 命名空间）。 */
const frameZh: typeof frameEn = {
  frame: {
    menu: '后台菜单',
    groups: { queues: '队列', people: '用户', content: '内容', insight: '数据' },
    waiting: '项待处理',
    timeZone: '时间为 {{zone}} 时区',
    shortcuts: '键盘快捷键',
    keys: { approve: '通过', reject: '驳回', next: '下一个故事' },
    decision: '处理决定',
    range: '时间范围',
    rangeDays: '最近 {{count}} 天',
    trend: '较 {{day}} {{change}}',
    noChange: '与 {{day}} 持平',
    showing_one: '已显示 {{count}} 项',
    showing_other: '已显示 {{count}} 项',
  },
};

export default frameZh;
