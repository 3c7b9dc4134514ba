import type { ExportCatalogue } from './export.en';

/** 游玩菜单中的导出文案（并入 `player` 命名空间）。 */
const exportZhCN: ExportCatalogue = {
  export: {
    open: '导出',
    label: '导出本次游玩',
    jsonl: '聊天文件（JSONL，可导入 SillyTavern、Agnai、RisuAI）',
    txt: '纯文本',
    preparing: '正在准备文件…',
    done: '文件已下载。',
    failed: '无法导出本次游玩，请重试。',
  },
};

export default exportZhCN;
