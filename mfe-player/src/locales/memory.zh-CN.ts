import type { MemoryCatalogue } from './memory.en';

/** 记忆面板、台词的“记住”按钮和推荐回复的文案（并入 `player` 命名空间）。 */
const memoryZhCN: MemoryCatalogue = {
  memory: {
    open: '记忆',
    title: '角色记得的内容',
    description: '前文摘要和你固定的记忆会放进每次回复的提示中。',
    loading: '正在读取记忆…',
    failed: '无法读取记忆。',
    summary: '前文摘要',
    summaryEmpty: '还没有摘要：游玩变长后，较早的对话会在这里汇总。',
    summaryLabel: '摘要',
    saveSummary: '保存摘要',
    summarySaved: '摘要已保存。',
    pins: '固定的记忆',
    pinsCount: '已固定 {{count}} / {{max}} 条',
    pinsEmpty: '还没有固定的记忆。可以固定对话中的一句话，或在下方写一条笔记。',
    notInPrompt: '未放入：超出记忆容量（优先保留最新的）',
    you: '你',
    note: '笔记',
    unpin: '取消固定',
    unpinLabel: '取消固定：{{text}}',
    noteLabel: '要记住的笔记',
    notePlaceholder: '例如：我的角色害怕大海。',
    addNote: '固定笔记',
    full: '最多固定 {{max}} 条：请先取消一条再固定。',
    pin: '记住',
    pinned: '已记住',
    pinLabel: '固定到记忆：{{text}}',
    unpinLineLabel: '已固定到记忆，按下取消：{{text}}',
    close: '关闭',
  },
  suggest: {
    ask: '推荐回复',
    asking: '正在想回复…',
    failed: '这次没有推荐，请重试。',
  },
};

export default memoryZhCN;
