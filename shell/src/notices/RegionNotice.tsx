import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { unwrap, useSessionStore, type Envelope } from 'shared-kit';
import { Button } from 'ui-kit';
import { api } from '../http/client';
import { useShellT } from '../i18n';

type Region = 'BR' | 'ID';
interface Notice {
  region: Region | null;
  feedback_link: string;
}

/** The region's own language, where the notice has its text in it (Portuguese in Brazil, Indonesian in Indonesia). */
const LOCAL_LANG: Record<Region, string> = { BR: 'pt-BR', ID: 'id' };

/**
 * The one-time regional notice (Brazil only, Indonesia only) under the header, for a signed-in account whose sign-in
 * came from that region: its text in the app's language and the region's, the feedback link, and "Got it", which
 * records it as seen so it is not shown to this account again, on any device.
 */
export function RegionNotice(): JSX.Element | null {
  const { t } = useShellT();
  const uid = useSessionStore((s) => (s.status === 'user' ? s.user?.uid : undefined));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setNotice(null);
    if (!uid) return undefined;
    let stop = false;
    void (async () => {
      try {
        const client = await api();
        const n = await unwrap(client.get<Envelope<Notice>>('/tyler/user/region_notice', { silent: true }));
        if (!stop) setNotice(n);
      } catch {
        // Not shown this time: it is asked for again at the next sign-in or reload.
      }
    })();
    return () => {
      stop = true;
    };
  }, [uid]);

  if (!notice?.region) return null;
  const region = notice.region;
  async function seen(): Promise<void> {
    setBusy(true);
    try {
      const client = await api();
      await unwrap(client.post<Envelope<Notice>>('/tyler/user/region_notice/seen', { region }, { silent: true }));
    } catch {
      // Hidden for now either way; the server shows it again next time if it did not record it.
    }
    setNotice(null);
  }
  return (
    <section className="push-banner region-notice" aria-labelledby="region-notice-title" data-testid="region-notice">
      <div className="push-banner__text">
        <strong id="region-notice-title">{t(`regionNotice.${region}.title`)}</strong>
        <span>{t(`regionNotice.${region}.text`)}</span>
        <span lang={LOCAL_LANG[region]}>{t(`regionNotice.${region}.local`)}</span>
        <Link to={notice.feedback_link}>{t('regionNotice.feedback')}</Link>
      </div>
      <Button size="sm" variant="primary" disabled={busy} onClick={() => void seen()}>
        {t('regionNotice.gotIt')}
      </Button>
    </section>
  );
}
