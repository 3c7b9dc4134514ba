import type { JSX } from 'react';
import { pictureSrc } from '../lib/media';

/** A story's cover, or a tinted block with its initial when it has none. */
export function Cover({ src, name, className = 'pl-cover' }: { src: string; name: string; className?: string }): JSX.Element {
  const url = pictureSrc(src);
  if (url) return <img className={className} src={url} alt={`Cover of ${name}`} loading="lazy" />;
  return (
    <div className={`${className} pl-cover--empty`} role="img" aria-label={`Cover of ${name}`}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </div>
  );
}
