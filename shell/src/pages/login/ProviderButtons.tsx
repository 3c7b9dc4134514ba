import { useEffect, useState } from 'react';
import { shellT, useShellT } from '../../i18n';
import { fetchProviders, providerStartUrl } from './loginApi';

interface Button {
  id: string;
  label: string;
  href: string;
}

/** "Continue with Google": the API names each provider; Google and Apple keep their brand names. */
export function providerLabel(provider: { id: string; name: string }): string {
  return shellT('login.continueWith', { name: provider.name });
}

/**
 * One button per provider the API lists as configured (none when the list cannot be loaded). Each is a plain link:
 * the sign-in leaves the app for the provider and comes back through `/auth/callback`.
 */
export function ProviderButtons({ next }: { next: string }) {
  const { t } = useShellT();
  const [buttons, setButtons] = useState<Button[] | null>(null);

  useEffect(() => {
    let cancelled = false;
    fetchProviders()
      .then((providers) =>
        Promise.all(
          providers.map(async (p) => ({
            id: p.id,
            label: providerLabel(p),
            href: await providerStartUrl(p.id, next),
          })),
        ),
      )
      .catch((error: unknown) => {
        // Phone sign-in still works; the provider list is an extra.
        console.error('sign-in providers could not be loaded', error);
        return [];
      })
      .then((list) => {
        if (!cancelled) setButtons(list);
      });
    return () => {
      cancelled = true;
    };
  }, [next]);

  if (!buttons || buttons.length === 0) return null;
  return (
    <section className="login-providers" aria-label={t('login.otherWays')}>
      <p className="login-providers__divider">
        <span>{t('login.or')}</span>
      </p>
      <ul className="login-providers__list">
        {buttons.map((b) => (
          <li key={b.id}>
            <a
              className={`ui-button ui-button--secondary ui-button--lg ui-button--block login-providers__button--${b.id}`}
              href={b.href}
            >
              {b.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
