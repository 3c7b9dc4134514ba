import { registerNamespace, useTranslation } from 'ui-kit';

/** The ops console's namespace: its catalogues are chunks of their own, fetched for the language in use. */
export const OPS_NS = 'ops';

registerNamespace(OPS_NS, {
  en: () => import('../locales/en'),
  'zh-CN': () => import('../locales/zh-CN'),
});

/** `t` for the console's copy (keys like `queue.title`). */
export function useOpsT() {
  return useTranslation(OPS_NS);
}
