import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE, StorageKey, setClientLanguage, storage } from 'shared-kit';
import common from '../locales/common.en';
import errors from '../locales/errors.en';
import { LANGUAGES, SOURCE_LANGUAGE, catalogueLanguage, initialLanguage, type Language } from './languages';
import type { NamespaceLoaders } from './types';

/** Loaders per namespace, filled by the kit and by each remote (registerNamespace). */
const registry = new Map<string, NamespaceLoaders>();

registry.set('common', { en: async () => ({ default: common }), 'zh-CN': () => import('../locales/common.zh-CN') });
registry.set('errors', { en: async () => ({ default: errors }), 'zh-CN': () => import('../locales/errors.zh-CN') });

/** An i18next backend reading the registry: each catalogue is its own chunk, fetched on first use. */
const registryBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loader = registry.get(namespace)?.[language];
    if (!loader) {
      // Not registered (yet) or not translated: an empty catalogue, the fallback language answers.
      callback(null, {});
      return;
    }
    loader().then(
      (module) => callback(null, module.default as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The one i18next instance of the page (ui-kit is a federation singleton, so the shell and remotes share it). */
export const i18n: I18n = i18next.createInstance();

void i18n
  .use(registryBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // 'zh-CN' is a catalogue of its own, not 'zh' plus a region.
    load: 'currentOnly',
    ns: ['common', 'errors'],
    defaultNS: 'common',
    // The source catalogues of the kit are in the bundle, so the first render never waits for them.
    partialBundledLanguages: true,
    resources: { en: { common, errors } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

/**
 * The language in use, on the page and for the server: the language cookie lets the shell's server write a public
 * page's first screen in it (a year, the whole site, sent on navigations only as any first-party cookie).
 */
function applyLanguage(language: string): void {
  setClientLanguage(language);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // Cookies may be blocked: the server then goes by Accept-Language.
  }
}

applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

/**
 * Registers a namespace's catalogues, one loader per language (`() => import('./locales/zh-CN')`), so each
 * language of each remote is its own chunk loaded on demand (the language in use at once). `useTranslation(ns)`
 * waits for it (Suspense).
 * Registering again replaces the loaders (hot reload).
 */
export function registerNamespace(namespace: string, loaders: NamespaceLoaders): void {
  registry.set(namespace, loaders);
  if (i18n.hasLoadedNamespace(namespace)) void i18n.reloadResources(undefined, [namespace]);
  // The catalogue of the language in use is fetched now, as the remote's code runs, not when its first screen
  // renders and suspends on it: one round trip off every remote's first render.
  else void i18n.loadNamespaces(namespace);
}

/** The namespaces registered so far (the kit's and the remotes'). */
export function registeredNamespaces(): string[] {
  return [...registry.keys()];
}

/** Switches the language, stores the choice (under the common storage-key prefix) and loads what it needs. */
export async function changeLanguage(language: string): Promise<Language> {
  const next = catalogueLanguage(language);
  storage.set(StorageKey.Language, next);
  await i18n.changeLanguage(next);
  return next;
}
