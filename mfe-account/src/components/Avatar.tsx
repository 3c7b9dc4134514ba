import type { JSX } from 'react';

export interface AvatarProps {
  src: string | null;
  name: string;
  size?: number;
  /** Empty for a decorative picture next to the name it shows. */
  alt?: string;
}

/** A round picture, or the name's first letter when there is none. */
export function Avatar({ src, name, size = 72, alt = '' }: AvatarProps): JSX.Element {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src) return <img className="acct-avatar" src={src} alt={alt} width={size} height={size} style={style} />;
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className="acct-avatar acct-avatar--empty" style={style} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
      {initial}
    </span>
  );
}
