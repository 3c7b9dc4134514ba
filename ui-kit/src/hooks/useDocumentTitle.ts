import { useEffect } from 'react';

/**
 * Sets `document.title` to `title` while the calling page is mounted and puts the previous title back when it
 * unmounts (or before the next title), so the browser tab names the page that is open.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
