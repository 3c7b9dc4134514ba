import { PRERENDERED_ATTRIBUTE, prerenderedData } from 'shared-kit';

/** What a visitor did in the server's login form before the page's code took it over. */
export interface TypedBeforeTakeover {
  phone: string;
  query: string;
  /** The country the form's select shows (the server's pick from the browser's languages, or the visitor's). */
  country: string;
  /** The field that holds the focus, given back to the same field of the page's own form. */
  focus: 'phone' | 'search' | 'country' | null;
  selection: [number, number] | null;
}

/**
 * The server's login form's values and focus, while the page the browser opened is that form and the page has not
 * taken it over yet; null otherwise. Read when the page first renders, just before its own form replaces it.
 */
export function typedBeforeTakeover(): TypedBeforeTakeover | null {
  if (typeof document === 'undefined' || prerenderedData('shell', 'login') === undefined) return null;
  const form = document.querySelector(`[${PRERENDERED_ATTRIBUTE}] form.login-form`);
  if (!form) return null;
  const phone = form.querySelector<HTMLInputElement>('input[type="tel"]');
  const search = form.querySelector<HTMLInputElement>('.country-picker__search');
  const select = form.querySelector<HTMLSelectElement>('.country-picker__select');
  const active = document.activeElement;
  const focus = active === null ? null : active === phone ? 'phone' : active === search ? 'search' : active === select ? 'country' : null;
  const field = focus === 'phone' ? phone : focus === 'search' ? search : null;
  return {
    phone: phone?.value ?? '',
    query: search?.value ?? '',
    country: select?.value ?? '',
    focus,
    selection: field && field.selectionStart !== null ? [field.selectionStart, field.selectionEnd ?? field.selectionStart] : null,
  };
}
