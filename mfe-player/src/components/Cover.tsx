import type { JSX } from 'react';
import { usePlayerT } from '../i18n';
import { pictureSrc } from '../lib/media';

/** A story's cover, or a tinted block with its initial when it has none. */
export function Cover({
  src,
  name,
  className = 'player-cover',
}: {
  src: string;
  name: string;
  className?: string;
}): JSX.Element {
  const { t } = usePlayerT();
  const url = pictureSrc(src);
  const label = t('common.coverOf', { name });
  if (url) return <img className={className} src={url} alt={label} loading="lazy" />;
  return (
    <div className={`${className} player-cover--empty`} role="img" aria-label={label}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </div>
  );
}
