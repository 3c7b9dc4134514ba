import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

export interface Country {
  code: CountryCode;
  name: string;
  callingCode: string;
}

export const FALLBACK_COUNTRY: CountryCode = 'US';

function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    // Very old engines lack DisplayNames; the ISO code then stands in for the name.
    return null;
  }
}

const cached = new Map<string, Country[]>();

/** Every country libphonenumber-js knows, with its name in `language` and calling code, sorted by name. */
export function countries(language = 'en'): Country[] {
  const known = cached.get(language);
  if (known) return known;
  const names = regionNames(language);
  const list = getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  cached.set(language, list);
  return list;
}

const KNOWN = new Set<string>(getCountries());

export function isCountryCode(value: string): value is CountryCode {
  return KNOWN.has(value);
}

/** The region of the first browser language that names one ("pt-BR" -> BR), else the fallback. */
export function defaultCountry(languages: readonly string[] | undefined): CountryCode {
  for (const tag of languages ?? []) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      region = /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/i.exec(tag)?.[1];
    }
    const upper = region?.toUpperCase();
    if (upper && isCountryCode(upper)) return upper;
  }
  return FALLBACK_COUNTRY;
}

/** Case-insensitive match on the name, the ISO code or the calling code ("+44", "44"). */
export function filterCountries(list: Country[], query: string): Country[] {
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return list;
  return list.filter(
    (c) => c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q || c.callingCode.startsWith(q),
  );
}

/**
 * The number in E.164 when libphonenumber-js accepts it: typed internationally ("+44 ...") or nationally with the
 * picked country. null for anything else, so nothing invalid is sent.
 */
export function toE164(raw: string, country: CountryCode): string | null {
  const text = raw.trim();
  if (!text || text.length > 32) return null;
  try {
    const parsed = parsePhoneNumberFromString(text, { defaultCountry: country });
    return parsed && parsed.isValid() ? parsed.number : null;
  } catch {
    return null;
  }
}
