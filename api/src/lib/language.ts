import { reduceLanguage } from 'shared-kit';
import type { AppContext } from './context';

/** The languages the api itself writes words in (default nicknames, the share landing page). */
export type UiLanguage = 'en' | 'zh';

/**
 * The language a request reads the product in: the `language` every client request carries (the UI's language),
 * else the browser's Accept-Language (a link opened from outside the app); Chinese of any region reads 简体中文,
 * everything else English.
 */
export function requestLanguage(ctx: Pick<AppContext, 'state' | 'acceptsLanguages'>): UiLanguage {
  const sent = ctx.state.client?.language;
  if (sent) return reduceLanguage(sent) === 'zh' ? 'zh' : 'en';
  return ctx.acceptsLanguages('en', 'zh') === 'zh' ? 'zh' : 'en';
}
