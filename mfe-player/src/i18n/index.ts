import { registerNamespace, useTranslation } from 'ui-kit';

/** The player's namespace: its catalogues are chunks of their own, fetched for the language in use. */
export const PLAYER_NS = 'player';

registerNamespace(PLAYER_NS, {
  en: () => import('../locales/en'),
  'zh-CN': () => import('../locales/zh-CN'),
});

/** `t` for the player's copy (keys like `play.restart`); other namespaces with their prefix (`common:notNow`). */
export function usePlayerT() {
  return useTranslation(PLAYER_NS);
}
