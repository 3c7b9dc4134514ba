import { i18n, registerNamespace, useTranslation } from 'ui-kit';
import en from '../locales/en';

/** The shell's namespace: header, shell pages, login and first-sign-in steps, remote loading and failure. */
export const SHELL_NS = 'shell';
/** The terms and the privacy policy: long texts only their two pages need, so off every other first paint. */
export const LEGAL_NS = 'shellLegal';

registerNamespace(SHELL_NS, {
  en: async () => ({ default: en }),
  'zh-CN': () => import('../locales/zh-CN'),
});
registerNamespace(LEGAL_NS, {
  en: () => import('../locales/legal.en'),
  'zh-CN': () => import('../locales/legal.zh-CN'),
});
// English is in the shell's own bundle, so the first paint never waits for a catalogue; other languages are a
// chunk each, fetched when chosen.
if (!i18n.hasResourceBundle('en', SHELL_NS)) i18n.addResourceBundle('en', SHELL_NS, en);

/** `t` for the shell's copy (keys like `header.play`); the kit's with their prefix (`common:notNow`). */
export function useShellT() {
  return useTranslation(SHELL_NS);
}

/** The shell's copy outside React (toasts, page titles computed in handlers), in the current language. */
export function shellT(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, { ns: SHELL_NS, ...options });
}

/** Fetches the legal texts for the current language (a legal page's route waits for it with its code). */
export async function loadLegalCopy(): Promise<void> {
  await i18n.loadNamespaces(LEGAL_NS);
}
