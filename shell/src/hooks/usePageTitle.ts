import { useEffect } from 'react';

const PRODUCT = 'Storyverse';

function ogTitleMeta(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[property="og:title"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'og:title');
  document.head.appendChild(meta);
  return meta;
}

/** `Page · Storyverse`, or the product name alone for an empty page title. */
export function fullTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed ? `${trimmed} · ${PRODUCT}` : PRODUCT;
}

/**
 * Sets `document.title` and `og:title` while the calling page is mounted and puts the previous values back when it
 * unmounts, so a page that forgets its own title never shows the one of the page before (spec §2).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const meta = ogTitleMeta();
    const previousTitle = document.title;
    const previousOg = meta.getAttribute('content');
    const text = fullTitle(title);
    document.title = text;
    meta.setAttribute('content', text);
    return () => {
      document.title = previousTitle;
      if (previousOg === null) meta.removeAttribute('content');
      else meta.setAttribute('content', previousOg);
    };
  }, [title]);
}
