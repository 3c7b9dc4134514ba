import type { JSX } from 'react';
import { usePlayerT } from '../i18n';
import { pictureSrc } from '../lib/media';

/** A story's cover, or a tinted block with its initial when it has none. */
export function Cover({
  src,
  name,
  className = 'player-cover',
  priority = false,
}: {
  src: string;
  name: string;
  className?: string;
  /** The page's main picture, above the fold (a story's cover on its page): fetched at once, first. */
  priority?: boolean;
}): JSX.Element {
  const { t } = usePlayerT();
  const url = pictureSrc(src);
  const label = t('common.coverOf', { name });
  if (url) return priority ? <img className={className} src={url} alt={label} fetchPriority="high" /> : <img className={className} src={url} alt={label} loading="lazy" />;
  return (
    <div className={`${className} player-cover--empty`} role="img" aria-label={label}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </div>
  );
}
