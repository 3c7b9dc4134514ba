// The first screen of the player's public pages as HTML, for the shell's server to send before any code runs. It
// writes the markup the pages render (same elements, classes and text, from the same api answers), so the player
// takes over without a visible change; a page's markup changed here must change there too (the takeover test in
// e2e/tests/prerender.spec.ts compares the two). Plain strings, no React and no imports at run time: the server
// imports this file directly.
import type { AuthorDetail, HomeContent, PlayerStoryDetail as StoryDetail, StoryCard, TopicDetail } from 'shared-kit';

/** The player's `t` (its namespace) and the kit's compact counts, in the page's language. */
export interface MarkupText {
  t: (key: string, options?: Record<string, unknown>) => string;
  count: (n: number) => string;
}

/** What a page's `<head>` says of it: title, description and the Open Graph picture. */
export interface PageHead {
  title: string;
  description: string;
  image: string | null;
}

export interface PageMarkup {
  head: PageHead;
  /** The page's element: what the player's routes render inside its `<div class="pl">`. */
  body: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values, escaped for HTML. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The player's rule for pictures (lib/media.ts pictureSrc): stored uploads and http(s) URLs only. */
function picture(value: string | undefined | null): string | null {
  if (!value) return null;
  if (/^\/api\/media\/[0-9a-f]{24}$/i.test(value)) return value;
  if (/^https?:\/\//i.test(value)) return value;
  return null;
}

const path = (sub = '') => (sub ? `/play/${sub}` : '/play');

function cover(x: MarkupText, src: string, name: string, className = 'player-cover', priority = false): string {
  const url = picture(src);
  const label = esc(x.t('common.coverOf', { name }));
  if (url) return `<img class="${className}" src="${esc(url)}" alt="${label}" ${priority ? 'fetchpriority="high"' : 'loading="lazy"'}>`;
  return `<div class="${className} player-cover--empty" role="img" aria-label="${label}">${esc(name.trim().charAt(0).toUpperCase() || '?')}</div>`;
}

function avatar(name: string, src: string | null | undefined, size: 'sm' | 'md' | 'lg', className = ''): string {
  const classes = `ui-avatar ui-avatar--${size}${className ? ` ${className}` : ''}`;
  const url = picture(src);
  if (url) return `<img class="${classes}" src="${esc(url)}" alt="">`;
  return `<span class="${classes}" aria-hidden="true">${esc([...name.trim()][0]?.toUpperCase() ?? '?')}</span>`;
}

function byline(x: MarkupText, story: Pick<StoryCard, 'creator' | 'chapters_count'> & { is_bot?: boolean }): string {
  const text = x.t('common.byline', {
    by: x.t('common.byCreator', { name: story.creator.nickname || x.t('common.unknownCreator') }),
    chapters: story.is_bot ? x.t('bot.characterChat') : x.t('common.chapters', { count: story.chapters_count }),
  });
  return `<p class="player-card__meta">${esc(text)}</p>`;
}

function counts(x: MarkupText, story: { like_count?: number; comment_count?: number }): string {
  if (story.like_count === undefined && story.comment_count === undefined) return '';
  const text = x.t('social.counts', {
    likes: x.t('social.likeCount', { count: story.like_count ?? 0 }),
    comments: x.t('social.commentCount', { count: story.comment_count ?? 0 }),
  });
  return `<p class="player-card__meta">${esc(text)}</p>`;
}

function card(x: MarkupText, story: StoryCard | AuthorDetail['stories'][number], withByline: boolean): string {
  const meta = withByline ? byline(x, story as StoryCard) : '';
  return (
    `<li class="ui-card ui-card--interactive player-card"><div class="player-card__main">${cover(x, story.logo, story.story_name)}` +
    `<div class="player-card__body"><h3 class="player-card__title"><a class="player-card__link" href="${path(`story/${esc(story.story_id)}`)}">${esc(story.story_name)}</a></h3>` +
    `<p class="player-card__intro">${esc(story.introduction)}</p>${meta}${counts(x, story)}</div></div></li>`
  );
}

const backLink = (x: MarkupText) => `<a class="player-back" href="${path()}">${esc(x.t('story.backLink'))}</a>`;
const badge = (text: string) => `<p><span class="ui-badge ui-badge--info">${esc(text)}</span></p>`;
// The first screen's controls stay disabled until the player takes over and puts working ones in their place: a click
// or a keystroke before then would otherwise be lost without a word. Links work as they are; the selected tab stays
// enabled (a click on it changes nothing) so the tab row, which scrolls on a phone, keeps a focusable tab.
const button = (label: string, classes: string, extra = '') => `<button type="button" class="ui-button ${classes}"${extra} disabled>${label}</button>`;

const FEED_TABS = [
  ['for-you', 'feed.forYou'],
  ['chats', 'feed.chats'],
  ['liked', 'feed.liked'],
  ['history', 'feed.history'],
  ['recent', 'feed.recent'],
  ['threads', 'feed.threads'],
] as const;

/** The home: search, the topics, and For you's first page (banners are left to the player: they turn). */
export function feedMarkup(x: MarkupText, stories: StoryCard[], home: HomeContent | null): PageMarkup {
  const topics = home?.topics ?? [];
  const topicList = topics.length
    ? `<section class="player-topics" aria-labelledby="player-topics-title"><h2 id="player-topics-title" class="player-subtitle">${esc(x.t('home.topics'))}</h2><ul class="player-topics__list">` +
      topics
        .map(
          (tp) =>
            `<li><a class="player-topic" href="${path(`topic/${esc(tp.topic_id)}`)}">${tp.type === 'Top' ? `<span class="ui-badge ui-badge--info">${esc(x.t('home.top'))}</span>` : ''}` +
            `<span class="player-topic__title">${esc(tp.title)}</span><span class="player-topic__count">${esc(x.t('home.storyCount', { count: tp.story_count }))}</span></a></li>`,
        )
        .join('') +
      '</ul></section>'
    : '';
  const tabs = FEED_TABS.map(
    ([, key], i) =>
      `<button type="button" role="tab" aria-selected="${i === 0}" data-state="${i === 0 ? 'active' : 'inactive'}" class="ui-tabs__tab" tabindex="-1"${i === 0 ? '' : ' disabled'}>${esc(x.t(key))}</button>`,
  ).join('');
  const list = stories.length
    ? `<ul class="player-list">${stories.map((s) => card(x, s, true)).join('')}</ul>`
    : `<div class="ui-empty"><p class="ui-empty__title">${esc(x.t('feed.emptyForYou'))}</p></div>`;
  const search = esc(x.t('feed.searchLabel'));
  const body =
    `<div class="player-page"><h1 class="player-title">${esc(x.t('feed.title'))}</h1>` +
    `<form role="search" class="player-search"><div class="ui-field"><label for="prerender-search" class="ui-field__label ui-visually-hidden">${search}</label>` +
    `<input class="ui-input" id="prerender-search" placeholder="${search}" maxlength="100" type="search" value="" disabled><div class="ui-field__footer"><span></span></div></div>` +
    `<button type="submit" class="ui-button ui-button--primary ui-button--md" disabled>${esc(x.t('feed.search'))}</button></form>${topicList}` +
    `<div class="ui-tabs"><div role="tablist" aria-orientation="horizontal" class="ui-tabs__list" aria-label="${esc(x.t('feed.tabs'))}">${tabs}</div>` +
    `<div data-state="active" role="tabpanel" class="ui-tabs__panel">${list}</div></div></div>`;
  return { head: { title: x.t('feed.title'), description: stories[0]?.introduction ?? '', image: picture(stories[0]?.logo) }, body };
}

/** A story before playing: cover, name, creator, introduction, the actions, the cast and who the player is. */
export function storyMarkup(x: MarkupText, story: StoryDetail, resumable: boolean): PageMarkup {
  const name = story.creator.nickname || x.t('common.unknownCreator');
  const creator = story.creator.uid
    ? `<a class="player-creator" href="${path(`user/${esc(story.creator.uid)}`)}">${avatar(name, story.creator.avatar, 'sm')}<span class="player-creator__name">${esc(name)}</span><span class="ui-visually-hidden">${esc(x.t('social.creatorSuffix'))}</span></a>`
    : '';
  const liked = story.liked === true;
  const likes = story.like_count ?? 0;
  const actions =
    `<div class="player-detail__actions">${button(esc(resumable ? x.t('story.continue') : x.t('story.play')), 'ui-button--primary ui-button--lg ui-button--block')}` +
    `${resumable ? button(esc(x.t('story.startOver')), 'ui-button--secondary ui-button--lg ui-button--block') : ''}${button(esc(x.t('report.open')), 'ui-button--ghost ui-button--sm')}</div>`;
  const social =
    `<div class="player-social" role="group" aria-label="${esc(x.t('social.storyActions'))}"><span class="player-social__like">` +
    button(`<span aria-hidden="true">${liked ? '♥' : '♡'}</span>${esc(x.t('social.like'))}`, `ui-button--${liked ? 'primary' : 'secondary'} ui-button--md`, ` aria-pressed="${liked}"`) +
    `<span class="player-social__count" data-testid="like-count">${esc(x.t('social.likeCount', { count: likes, formatted: x.count(likes) }))}</span></span>` +
    `<a href="#comments" class="player-social__count player-link">${esc(x.t('social.commentCount', { count: story.comment_count ?? 0 }))}</a>` +
    `${button(`<span aria-hidden="true">↗</span>${esc(x.t('social.share'))}`, 'ui-button--secondary ui-button--md')}</div>`;
  const cast = story.characters.length
    ? `<section aria-labelledby="player-cast-title"><h2 id="player-cast-title" class="player-subtitle">${esc(x.t('story.characters'))}</h2><ul class="player-cast">` +
      story.characters.map((c) => `<li class="player-cast__item">${avatar(c.character_name, c.character_url, 'md', 'player-portrait')}<span>${esc(c.character_name)}</span></li>`).join('') +
      '</ul></section>'
    : '';
  const you = story.player.character_name
    ? `<p class="player-detail__you">${esc(x.t('story.youPlay', { name: '\u0000' })).replace('&lt;strong&gt;\u0000&lt;/strong&gt;', `<strong>${esc(story.player.character_name)}</strong>`)}${story.player.settings ? esc(`: ${story.player.settings}`) : ''}</p>`
    : '';
  const body =
    `<div class="player-page player-detail">${backLink(x)}${cover(x, story.logo, story.story_name, 'player-detail__cover', true)}<h1 class="player-title">${esc(story.story_name)}</h1>` +
    `${byline(x, story)}${creator}${badge(x.t('common.aiContent'))}<p class="player-detail__intro">${esc(story.introduction)}</p>${actions}${social}${cast}${you}</div>`;
  return { head: { title: story.story_name, description: story.introduction, image: picture(story.logo) }, body };
}

/** A creator's page: who they are, their counts, Follow, and their published stories. */
export function userMarkup(x: MarkupText, author: AuthorDetail, signedIn: boolean): PageMarkup {
  const name = author.nickname || x.t('common.unknownCreator');
  const uid = esc(author.uid);
  const stat = (label: string, value: number, href: string | null, testId = '') => {
    const inner = `<span>${esc(label)}</span><strong${testId ? ` data-testid="${testId}"` : ''}>${esc(x.count(value))}</strong>`;
    return href ? `<li><a class="player-author__stat" href="${href}">${inner}</a></li>` : `<li class="player-author__stat">${inner}</li>`;
  };
  const follow = author.blocked
    ? ''
    : button(esc(author.following ? x.t('author.unfollow') : x.t('author.follow')), `ui-button--${author.following ? 'secondary' : 'primary'} ui-button--md`, ` aria-pressed="${author.following}"`);
  const block = signedIn ? button(esc(author.blocked ? x.t('author.unblock') : x.t('author.block')), `ui-button--${author.blocked ? 'secondary' : 'ghost'} ui-button--md`) : '';
  const actions = author.is_self ? `<p class="player-author__id">${esc(x.t('author.you'))}</p>` : `<div class="player-author__actions">${follow}${block}</div>`;
  const stories = author.stories.length
    ? `<ul class="player-list">${author.stories.map((s) => card(x, s, false)).join('')}</ul>`
    : `<p class="player-status">${esc(x.t('author.noStories'))}</p>`;
  const body =
    `<div class="player-page player-author">${backLink(x)}<div class="player-author__head">${avatar(name, author.avatar, 'lg')}<div><h1 class="player-title">${esc(name)}</h1>` +
    `${author.username ? `<p class="player-author__id">${esc(x.t('author.userId', { id: author.username }))}</p>` : ''}</div></div>` +
    `<ul class="player-author__stats" aria-label="${esc(x.t('author.stats'))}">${stat(x.t('author.followers'), author.follower_count, path(`user/${uid}/followers`), 'follower-count')}` +
    `${stat(x.t('author.following'), author.following_count, path(`user/${uid}/following`))}${stat(x.t('author.likes'), author.likes_received, null)}</ul>${actions}` +
    `${author.blocked ? `<p role="note">${esc(x.t('author.blockedNote'))}</p>` : ''}` +
    `<section aria-labelledby="player-author-stories"><h2 id="player-author-stories" class="player-subtitle">${esc(x.t('author.stories'))}</h2>${stories}</section></div>`;
  return { head: { title: name, description: x.t('author.stories'), image: picture(author.avatar) }, body };
}

/** A topic: its title, description and the cards of its live stories. */
export function topicMarkup(x: MarkupText, detail: TopicDetail): PageMarkup {
  const { topic, stories } = detail;
  const list = stories.length
    ? `<ul class="player-list">${stories.map((s) => card(x, s, true)).join('')}</ul>`
    : `<div class="ui-empty"><p class="ui-empty__title">${esc(x.t('topic.empty'))}</p></div>`;
  const body =
    `<div class="player-page">${backLink(x)}<h1 class="player-title">${esc(topic.title)}</h1>${topic.type === 'Top' ? badge(x.t('home.top')) : ''}` +
    `${topic.description ? `<p class="player-detail__intro">${esc(topic.description)}</p>` : ''}` +
    `<section aria-labelledby="player-topic-stories"><h2 id="player-topic-stories" class="player-subtitle">${esc(x.t('topic.stories', { count: stories.length }))}</h2>${list}</section></div>`;
  return { head: { title: topic.title, description: topic.description, image: picture(stories[0]?.logo) }, body };
}
