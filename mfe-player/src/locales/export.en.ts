/** The play menu's export copy (merged into the `player` namespace). */
const exportEn = {
  export: {
    open: 'Export',
    label: 'Export this play',
    jsonl: 'Chat file (JSONL, for SillyTavern, Agnai, RisuAI)',
    txt: 'Plain text',
    preparing: 'Preparing the file…',
    done: 'The file is downloaded.',
    failed: 'The play could not be exported. Try again.',
  },
};

export default exportEn;
export type ExportCatalogue = typeof exportEn;
