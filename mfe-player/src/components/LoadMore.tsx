import { useEffect, useRef, type JSX } from 'react';
import { Button } from 'ui-kit';
import { usePlayerT } from '../i18n';

/**
 * The end of a paged list: loads the next page when it scrolls into view, with a button for keyboards and for
 * browsers without IntersectionObserver.
 */
export function LoadMore({ onMore, loading }: { onMore: () => void; loading: boolean }): JSX.Element {
  const { t } = usePlayerT();
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
    <div ref={sentinel} className="player-more">
      <Button onClick={onMore} loading={loading}>
        {t('common.loadMore')}
      </Button>
    </div>
  );
}
