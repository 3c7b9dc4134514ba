import i18next, { type TFunction } from 'i18next';
import type { AuthorDetail, HomeContent, PlayerStoryDetail as StoryDetail, StoryCard, TopicDetail } from 'shared-kit';
import { FEED_FIRST_PAGE } from '../../../shared-kit/src/constants';
import { formatCount } from '../../../shared-kit/src/format';
import type { PrerenderKind } from '../../../shared-kit/src/prerender';
import { PLAYER_CATALOGUES } from '../../../mfe-player/src/prerender/catalogues';
import { feedMarkup, storyMarkup, topicMarkup, userMarkup, type MarkupText, type PageMarkup } from '../../../mfe-player/src/prerender/markup';
import type { ApiCaller } from './api';
import type { PageLanguage } from './request';

/** A public page of the player that is sent with its first screen. */
export interface PublicPage {
  kind: Exclude<PrerenderKind, 'shell'>;
  /** The story's, creator's or topic's id; '' for the feed. */
  key: string;
  /** The address without a trailing slash. */
  path: string;
}

const PATTERNS: readonly [RegExp, PublicPage['kind']][] = [
  [/^\/play$/, 'feed'],
  [/^\/play\/story\/(\d{1,40})$/, 'story'],
  [/^\/play\/user\/(\d{1,64})$/, 'user'],
  [/^\/play\/topic\/(\d{1,40})$/, 'topic'],
];

/** The public page at `pathname` (the ids the player's routes accept), or null. */
export function publicPage(pathname: string): PublicPage | null {
  const path = pathname.replace(/\/+$/, '');
  for (const [pattern, kind] of PATTERNS) {
    const m = pattern.exec(path);
    if (m) return { kind, key: m[1] ?? '', path };
  }
  return null;
}

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { player: PLAYER_CATALOGUES.en }, 'zh-CN': { player: PLAYER_CATALOGUES['zh-CN'] } },
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh-CN'],
  load: 'currentOnly',
  ns: ['player'],
  defaultNS: 'player',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The player's copy and the kit's count format, in `language`. */
export function markupText(language: PageLanguage): MarkupText {
  const t: TFunction = i18n.getFixedT(language, 'player');
  return {
    t: (key, options) => String(t(key, options ?? {})),
    count: (n) =>
      language === 'en' || !Number.isFinite(n)
        ? formatCount(n)
        : new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'floor' } as Intl.NumberFormatOptions).format(Math.trunc(n)),
  };
}

export interface BuiltPage {
  markup: PageMarkup;
  /** The api answers the page was made from, by the name the player's page reads them by. */
  data: Record<string, unknown>;
}

/**
 * Asks the api what the page's own code would ask for its first screen and writes that screen. Any refusal throws
 * (the page is then sent without it, and the player shows its own loading and error states).
 */
export async function buildPage(page: PublicPage, api: ApiCaller, language: PageLanguage, signedIn: boolean): Promise<BuiltPage> {
  const x = markupText(language);
  switch (page.kind) {
    case 'feed': {
      const [list, home] = await Promise.all([
        api.get<{ stories?: StoryCard[]; list?: StoryCard[] }>(FEED_FIRST_PAGE.url, FEED_FIRST_PAGE.params),
        api.get<HomeContent>('/activity/home').catch(() => null),
      ]);
      return { markup: feedMarkup(x, list.stories ?? list.list ?? [], home), data: { list, home } };
    }
    case 'story': {
      const [story, coverage] = await Promise.all([
        api.get<StoryDetail>('/tyler/detail', { story_id: page.key }),
        signedIn ? api.get<{ has_play?: boolean }>('/tyler/check_coverage', { story_id: page.key }).catch(() => null) : Promise.resolve(null),
      ]);
      return { markup: storyMarkup(x, story, coverage?.has_play === true), data: { story, coverage } };
    }
    case 'user': {
      const author = await api.get<AuthorDetail>('/tyler/user/author_detail', { uid: page.key });
      return { markup: userMarkup(x, author, signedIn), data: { author } };
    }
    case 'topic': {
      const detail = await api.get<TopicDetail>('/activity/topic/detail', { topic_id: page.key });
      return { markup: topicMarkup(x, detail), data: { detail } };
    }
  }
}
