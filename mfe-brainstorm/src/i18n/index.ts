import { i18n, registerNamespace, useTranslation } from 'ui-kit';

/** The brainstorm remote's namespace: its catalogues are chunks of their own, fetched for the language in use. */
export const BRAINSTORM_NS = 'brainstorm';

registerNamespace(BRAINSTORM_NS, {
  en: () => import('../locales/en'),
  'zh-CN': () => import('../locales/zh-CN'),
});

export function useBrainstormT() {
  return useTranslation(BRAINSTORM_NS);
}

/** The brainstorm's copy outside React (store messages, toasts). */
export function brainstormText(key: string, values: Record<string, string | number> = {}): string {
  return i18n.t(`${BRAINSTORM_NS}:${key}`, values);
}
