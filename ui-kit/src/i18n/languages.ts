import { StorageKey, reduceLanguage, storage } from 'shared-kit';

/** The languages the product's copy is written in; the first is the source and the fallback. */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = 'en';

/** Each language's name in itself, for the switcher (never translated). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', 'zh-CN': '简体中文' };

/** Where a reduced code (spec §9) lands among the shipped catalogues. */
const CATALOGUE_FOR: Readonly<Record<string, Language>> = { en: 'en', zh: 'zh-CN' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The catalogue language for a browser tag: reduced by the spec's rule (base part; Malay -> ms-MY, Thai -> th-TH),
 * then mapped to a shipped catalogue; anything else gets the source language.
 */
export function catalogueLanguage(tag: string | null | undefined): Language {
  if (isLanguage(tag)) return tag;
  return CATALOGUE_FOR[reduceLanguage(tag)] ?? SOURCE_LANGUAGE;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The stored choice, else the first browser language we ship, else English. */
export function initialLanguage(): Language {
  const stored = storage.get(StorageKey.Language);
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages()) {
    const reduced = reduceLanguage(tag);
    if (CATALOGUE_FOR[reduced]) return CATALOGUE_FOR[reduced];
  }
  return SOURCE_LANGUAGE;
}
