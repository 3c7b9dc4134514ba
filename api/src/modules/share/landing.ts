import { ShareType, type ShareInfo } from 'shared-kit';
import type { UiLanguage } from '../../lib/language';

/** The page's own words, per language; the shared story's title and description stay as their creator wrote them. */
const WORDS: Record<UiLanguage, { html: string; botKind: string; collectionKind: string; threadKind: string; openThread: string; open: string; newspaperKind: string; videoKind: string; creations: string; chat: string; play: string; missingTitle: string; missingHead: string; missingText: string; discover: string; locale: string }> = {
  en: {
    html: 'en',
    locale: 'en_US',
    botKind: 'Character chat: talk with this AI character one to one',
    collectionKind: 'A collection of stories and characters',
    threadKind: 'A thread: lines shared from a play',
    openThread: 'Read the thread',
    open: 'Open the collection',
    newspaperKind: 'Weekly highlights',
    videoKind: 'A play, as a video',
    creations: 'See their creations',
    chat: 'Start chatting',
    play: 'Play now',
    missingTitle: 'Not available',
    missingHead: 'This link is no longer available',
    missingText: 'The story may have been removed.',
    discover: 'Discover stories',
  },
  zh: {
    html: 'zh-CN',
    locale: 'zh_CN',
    botKind: '角色聊天：与这个 AI 角色一对一交谈',
    collectionKind: '故事与角色合集',
    threadKind: '帖子：从一次游玩中分享的对话',
    openThread: '阅读帖子',
    open: '打开合集',
    newspaperKind: '每周精彩回顾',
    videoKind: '一段游玩，做成了视频',
    creations: '查看 TA 的作品',
    chat: '开始聊天',
    play: '立即游玩',
    missingTitle: '无法访问',
    missingHead: '此链接已失效',
    missingText: '这个故事可能已被移除。',
    discover: '发现故事',
  },
};

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#111;color:#f4f4f5;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{max-width:420px;padding:24px;text-align:center}img{width:100%;border-radius:12px;object-fit:cover;aspect-ratio:3/4;background:#222}
video{width:100%;height:auto;border-radius:12px;background:#000}h1{font-size:1.5rem;margin:16px 0 8px}.kind{margin:16px 0 0;font-size:.85rem;text-transform:uppercase;letter-spacing:.06em;color:#a1a1aa}p{color:#d4d4d8;line-height:1.5}a.play{display:inline-block;margin-top:16px;padding:12px 28px;border-radius:999px;background:#f4f4f5;color:#111;text-decoration:none;font-weight:600}`;

/**
 * The landing page of a share link, rendered on the server so that link previews (which run no script) read the
 * Open Graph tags, and a signed-out visitor sees the story and a way into it.
 */
export function landingHtml(info: ShareInfo, publicUrl: string, language: UiLanguage = 'en'): string {
  const w = WORDS[language];
  const url = `${publicUrl}${info.path}`;
  const play = `${publicUrl}${info.play_path}`;
  const bot = info.share_type === ShareType.Bot;
  const collection = !!info.collection_id;
  const thread = !!info.thread_id;
  const newspaper = info.share_type === ShareType.CreatorNewspaper;
  const video = info.video;
  const videoTags = video
    ? [
        `<meta property="og:video" content="${esc(video.url)}">`,
        ...(video.url.startsWith('https:') ? [`<meta property="og:video:secure_url" content="${esc(video.url)}">`] : []),
        `<meta property="og:video:type" content="${esc(video.mime)}">`,
        `<meta property="og:video:width" content="${video.width}">`,
        `<meta property="og:video:height" content="${video.height}">`,
      ].join('\n')
    : '';
  const image = info.cover ? `<meta property="og:image" content="${esc(info.cover)}">\n<meta name="twitter:image" content="${esc(info.cover)}">` : '';
  return `<!doctype html>
<html lang="${w.html}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)}</title>
<meta name="description" content="${esc(info.description)}">
<meta property="og:type" content="${video ? 'video.other' : 'website'}">
<meta property="og:site_name" content="Storyverse">
<meta property="og:locale" content="${w.locale}">
<meta property="og:title" content="${esc(info.title)}">
<meta property="og:description" content="${esc(info.description)}">
<meta property="og:url" content="${esc(url)}">
${image}
${videoTags}
<meta name="twitter:card" content="${info.cover ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${esc(info.title)}">
<meta name="twitter:description" content="${esc(info.description)}">
<link rel="canonical" href="${esc(url)}">
<style>${STYLE}</style>
</head>
<body>
<main>
${video ? `<video controls playsinline preload="metadata" width="${video.width}" height="${video.height}"${info.cover ? ` poster="${esc(info.cover)}"` : ''} src="${esc(video.url)}"></video>` : info.cover ? `<img src="${esc(info.cover)}" alt="">` : ''}
${video ? `<p class="kind">${w.videoKind}</p>\n` : ''}${bot ? `<p class="kind">${w.botKind}</p>\n` : ''}${collection ? `<p class="kind">${w.collectionKind}</p>\n` : ''}${thread ? `<p class="kind">${w.threadKind}</p>\n` : ''}${newspaper ? `<p class="kind">${w.newspaperKind}</p>\n` : ''}<h1>${esc(info.title)}</h1>
<p>${esc(info.description)}</p>
<a class="play" href="${esc(play)}">${collection ? w.open : thread ? w.openThread : bot ? w.chat : newspaper ? w.creations : w.play}</a>
</main>
</body>
</html>
`;
}

export function missingHtml(publicUrl: string, language: UiLanguage = 'en'): string {
  const w = WORDS[language];
  return `<!doctype html>
<html lang="${w.html}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${w.missingTitle}</title><style>${STYLE}</style></head>
<body><main><h1>${w.missingHead}</h1><p>${w.missingText}</p><a class="play" href="${esc(publicUrl)}/play">${w.discover}</a></main></body>
</html>
`;
}
