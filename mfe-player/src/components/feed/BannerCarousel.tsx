import { useContext, useEffect, useState, type JSX, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { shellNavigate, type HomeBanner } from 'shared-kit';
import { Button } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { pictureSrc } from '../../lib/media';
import { BaseContext } from '../paths';

/** How long a banner shows before the next one, while the carousel turns. */
export const BANNER_INTERVAL_MS = 6000;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Where a banner leads: a page of the player (its router), another part of the product (the shell), or a site. */
function BannerLink({ banner, children }: { banner: HomeBanner; children: JSX.Element }): JSX.Element {
  const base = useContext(BaseContext).replace(/\/+$/, '');
  const to = banner.link;
  if (!to) return <div className="player-banner__body">{children}</div>;
  if (/^https?:\/\//i.test(to)) {
    return (
      <a className="player-banner__body" href={to} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  if (base && (to === base || to.startsWith(`${base}/`))) {
    return (
      <Link className="player-banner__body" to={to}>
        {children}
      </Link>
    );
  }
  return (
    <a
      className="player-banner__body"
      href={to}
      onClick={(e) => {
        e.preventDefault();
        shellNavigate(to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * The home's banners, one at a time (the carousel pattern): it turns by itself unless paused, hovered, focused or the
 * visitor asked for reduced motion; previous and next, one button per banner, and the arrow keys move it.
 */
export function BannerCarousel({ banners }: { banners: HomeBanner[] }): JSX.Element | null {
  const { t } = usePlayerT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [held, setHeld] = useState(false);
  const count = banners.length;
  const current = count > 0 ? index % count : 0;
  const turning = count > 1 && !paused && !held;

  useEffect(() => {
    if (!turning) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [turning, count]);

  if (count === 0) return null;
  const go = (to: number) => setIndex(((to % count) + count) % count);

  function onKeyDown(event: KeyboardEvent): void {
    if (count < 2) return;
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  }

  return (
    <section
      className="player-banners"
      aria-roledescription={t('home.carousel')}
      aria-label={t('home.banners')}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="player-banners__slides" aria-live={turning ? 'off' : 'polite'}>
        {banners.map((b, i) => {
          const src = pictureSrc(b.image);
          return (
            <div
              key={b.banner_id}
              className="player-banner"
              role="group"
              aria-roledescription={t('home.slide')}
              aria-label={t('home.slideOf', { n: i + 1, count })}
              hidden={i !== current}
              data-banner-id={b.banner_id}
            >
              <BannerLink banner={b}>
                <>
                  {src ? <img className="player-banner__image" src={src} alt="" /> : null}
                  <span className="player-banner__title">{b.title}</span>
                </>
              </BannerLink>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="player-banners__controls">
          <Button size="sm" variant="ghost" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
            {paused ? t('home.play') : t('home.pause')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => go(current - 1)} aria-label={t('home.previous')}>
            ‹
          </Button>
          <div className="player-banners__dots">
            {banners.map((b, i) => (
              <button
                key={b.banner_id}
                type="button"
                className="player-banners__dot"
                aria-label={t('home.showBanner', { title: b.title })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <Button size="sm" variant="ghost" onClick={() => go(current + 1)} aria-label={t('home.next')}>
            ›
          </Button>
        </div>
      ) : null}
    </section>
  );
}
