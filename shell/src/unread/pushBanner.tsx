import type { JSX } from 'react';
import { Link } from 'react-router';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { CloseButton } from 'ui-kit';
import { useShellT } from '../i18n';

/** An operator's push (`POST /api/ops/push/send`), as the banner shows it. */
export interface OpsPush {
  push_id: string;
  title: string;
  text: string;
  /** A path in the app, or ''. */
  link: string;
}

interface PushBannerState {
  current: OpsPush | null;
  show: (push: OpsPush) => void;
  dismiss: () => void;
}

/** The latest operator push; a newer one replaces it. */
export const pushBannerStore = createStore<PushBannerState>()((set) => ({
  current: null,
  show: (push) => set({ current: push }),
  dismiss: () => set({ current: null }),
}));

/** Reads an operator push from a socket payload, or null when it is not one (`ops_push` and its text missing). */
export function opsPushOf(payload: Record<string, unknown>): OpsPush | null {
  if (payload.ops_push !== true || typeof payload.title !== 'string' || typeof payload.text !== 'string') return null;
  const link = typeof payload.link === 'string' && payload.link.startsWith('/') && !payload.link.startsWith('//') ? payload.link : '';
  return { push_id: typeof payload.push_id === 'string' ? payload.push_id : '', title: payload.title, text: payload.text, link };
}

/** The banner under the header with the team's latest push: its title, text, a link when it has one, and dismiss. */
export function PushBanner(): JSX.Element {
  const { t } = useShellT();
  const push = useStore(pushBannerStore, (s) => s.current);
  const dismiss = () => pushBannerStore.getState().dismiss();
  // The live region is always there, so a screen reader announces the push when it fills it.
  return (
    <div className="push-banner-region" aria-live="polite">
      {push && (
        <section className="push-banner" aria-label={t('pushBanner.label')} data-testid="push-banner">
          <div className="push-banner__text">
            <strong>{push.title}</strong>
            <span>{push.text}</span>
          </div>
          {push.link && (
            <Link className="ui-button ui-button--secondary ui-button--sm" to={push.link} onClick={dismiss}>
              {t('pushBanner.open')}
            </Link>
          )}
          <CloseButton aria-label={t('pushBanner.dismiss')} onClick={dismiss} />
        </section>
      )}
    </div>
  );
}
