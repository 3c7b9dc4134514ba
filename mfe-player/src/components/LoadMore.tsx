import { useEffect, useRef, type JSX } from 'react';

/**
 * The end of a paged list: loads the next page when it scrolls into view, with a button for keyboards and for
 * browsers without IntersectionObserver.
 */
export function LoadMore({ onMore, loading }: { onMore: () => void; loading: boolean }): JSX.Element {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={sentinel} className="pl-more">
      <button type="button" className="pl-button" onClick={onMore} disabled={loading}>
        {loading ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
