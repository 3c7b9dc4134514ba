// The player's copy for the shell's server, which writes the first screen of the public pages in it (markup.ts).
import en from '../locales/en';
import zhCN from '../locales/zh-CN';

export const PLAYER_CATALOGUES = { en, 'zh-CN': zhCN } as const;
