import type { Translation } from 'ui-kit';
import type { TurnsCatalogue } from './turns.en';

/** 重新生成、版本切换与“继续说”的文案。 */
const turnsZhCN: Translation<TurnsCatalogue> = {
  turns: {
    regenerate: '重新生成',
    regenerateLabel: '重新写这条回复（当前内容会保留）',
    previous: '上一个版本',
    next: '下一个版本',
    version: '第 {{n}} 个版本，共 {{count}} 个',
    keepTalking: '继续说',
    keepTalkingLabel: '让角色不等你发言继续说下去',
    regenerateFailed: '新版本未能生成，已保留之前的内容。',
    regenerateMax: '这条回复已有 {{max}} 个版本。',
    keepTalkingMax: '角色已连续说了 {{max}} 次，请先发一条消息再继续。',
    switchFailed: '无法显示该版本，请重试。',
    edit: '编辑',
    editing: '正在编辑你的上一条消息：发送后将替换它及其后的所有内容。',
    cancelEdit: '取消编辑',
    stop: '停止',
  },
};

export default turnsZhCN;
