import type { Translation } from 'ui-kit';
import type { appealCopy } from './appeal.en';

/** 被驳回故事的申诉文案（简体中文）；类型保证与英文的键一致。 */
export const appealCopyZh: Translation<typeof appealCopy> = {
  title: '申诉',
  intro: '运营人员驳回了此版本。如果你认为判定有误，可以在不编辑故事的情况下申诉一次。',
  open: '申诉',
  dialogTitle: '对驳回提出申诉',
  dialogText: '请说明此版本为何符合规则。编辑故事会取消申诉。',
  label: '判定应当改变的理由',
  send: '提交申诉',
  cancel: '取消',
  failed: '申诉未能提交：{{error}}',
  pending: '你的申诉正在等待运营人员处理。编辑故事会取消申诉。',
  approved: '你的申诉已通过：此版本已上线。',
  rejected: '你的申诉未通过：{{reason}}。此版本不能再次申诉。',
};
