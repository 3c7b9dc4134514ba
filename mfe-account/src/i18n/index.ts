import { i18n, registerNamespace, useTranslation } from 'ui-kit';

/** The account remote's namespace: its catalogues are chunks of their own, fetched for the language in use. */
export const ACCOUNT_NS = 'account';

registerNamespace(ACCOUNT_NS, {
  en: () => import('../locales/en'),
  'zh-CN': () => import('../locales/zh-CN'),
});

/** `t` for the account's copy (keys like `settings.title`). */
export function useAccountT() {
  return useTranslation(ACCOUNT_NS);
}

/** The account's copy outside React (store messages), in the UI language at the time of the call. */
export function accountText(key: string, values: Record<string, string | number> = {}): string {
  return i18n.t(`${ACCOUNT_NS}:${key}`, values);
}
