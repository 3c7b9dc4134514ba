// The first screen of the shell's own pages a signed-out visitor opens first (the editor's home `/editor` and the
// login page `/login`) as HTML, for the server to send before any code runs. It writes the markup the pages render
// (HomePage.tsx; LoginPage.tsx with PhoneLoginForm.tsx and CountryPicker.tsx: same elements, classes and text), so
// the shell takes over without a visible change; a page changed there must change here too (e2e/tests/
// prerender-shell.spec.ts compares the two).
import type { IncomingMessage } from 'node:http';
import i18next, { type TFunction } from 'i18next';
import { isMobileUserAgent } from '../../../shared-kit/src/platform';
import { esc } from '../../../mfe-player/src/prerender/markup';
import en from '../../src/locales/en';
import zhCN from '../../src/locales/zh-CN';
import { countries, defaultCountry } from '../../src/pages/login/phone';
import type { PageLanguage } from './request';

export type ShellPageName = 'home' | 'login';

/** A shell page sent with its first screen; `path` is the address without a trailing slash. */
export interface ShellPage {
  name: ShellPageName;
  path: string;
}

/**
 * The shell page at `pathname` that a signed-out visitor on this device sees there, or null. A phone opening
 * `/editor` is sent to the mobile notice by the app (spec §2 mobile rule), so it gets today's page, not the home.
 */
export function shellPage(pathname: string, req: Pick<IncomingMessage, 'headers'>): ShellPage | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/login') return { name: 'login', path };
  if (path === '/editor' && !isMobileUserAgent(String(req.headers['user-agent'] ?? ''))) return { name: 'home', path };
  return null;
}

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { shell: en }, 'zh-CN': { shell: zhCN } },
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh-CN'],
  load: 'currentOnly',
  ns: ['shell'],
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The region a visitor's browser names first (Accept-Language), as the login page picks its default country. */
export function visitorCountry(req: Pick<IncomingMessage, 'headers'>): string {
  const tags = String(req.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter((tag) => tag && tag !== '*');
  return defaultCountry(tags);
}

export interface ShellMarkup {
  title: string;
  body: string;
}

function homeMarkup(t: TFunction): ShellMarkup {
  const card = (title: string, text: string, href: string, variant: string, action: string) =>
    `<li class="ui-card"><h2>${esc(t(title))}</h2><p>${esc(t(text))}</p>` +
    `<a class="ui-button ui-button--${variant} ui-button--md" href="${href}">${esc(t(action))}</a></li>`;
  return {
    title: t('home.title'),
    body:
      `<article class="page"><h1 class="page__title">${esc(t('home.heading'))}</h1>` +
      `<p class="page__lead">${esc(t('home.lead'))}</p><ul class="home-cards">` +
      card('home.createTitle', 'home.createText', '/editor/works', 'primary', 'home.createAction') +
      card('home.playTitle', 'home.playText', '/play', 'secondary', 'home.playAction') +
      `</ul></article>`,
  };
}

/**
 * The login page as a guest first sees it: heading, lead and the phone form (country search, country, number, Send
 * code). The fields can be typed in before the code arrives; the page then takes their values and focus over (see
 * src/pages/login/prerendered.ts). Send code is disabled until then, and there is no submit button: Enter does
 * nothing either, so a number is never sent as a query of the address.
 */
function loginMarkup(t: TFunction, language: PageLanguage, country: string): ShellMarkup {
  const options = countries(language)
    .map((c) => `<option value="${c.code}"${c.code === country ? ' selected' : ''}>${esc(c.name)} (+${c.callingCode})</option>`)
    .join('');
  return {
    title: t('login.title'),
    body:
      `<article class="page"><h1 class="page__title">${esc(t('login.title'))}</h1><div class="login">` +
      `<p class="page__lead">${esc(t('login.lead'))}</p>` +
      `<form class="login-form" novalidate aria-label="${esc(t('login.formLabel'))}"><div class="country-picker">` +
      `<label class="ui-field__label" for="login-country-search">${esc(t('login.searchCountries'))}</label>` +
      `<input id="login-country-search" class="ui-input country-picker__search" placeholder="${esc(t('login.searchPlaceholder'))}" autocomplete="off" type="search" value="">` +
      `<label class="ui-field__label" for="login-country">${esc(t('login.country'))}</label>` +
      `<select id="login-country" class="ui-input country-picker__select">${options}</select></div>` +
      `<label class="ui-field__label" for="login-phone">${esc(t('login.phone'))}</label><div class="login-form__row">` +
      `<input id="login-phone" class="ui-input" inputmode="tel" autocomplete="tel" maxlength="32" type="tel" value="">` +
      // Disabled until the page's code can send a code; the fields are live (what is typed in them is kept).
      `<button type="button" class="ui-button ui-button--secondary ui-button--md login-form__send" disabled>${esc(t('login.sendCode'))}</button>` +
      `</div></form></div></article>`,
  };
}

/** The page's title (without the product's name) and its element, in `language`. */
export function shellMarkup(page: ShellPage, language: PageLanguage, country: string): ShellMarkup {
  const t = i18n.getFixedT(language, 'shell');
  return page.name === 'home' ? homeMarkup(t) : loginMarkup(t, language, country);
}
