import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import {
  APPEAL_TEXT_MAX,
  AppealStatus,
  SanctionKind,
  sessionStore,
  unwrap,
  useSessionStore,
  type Envelope,
  type MySanctions,
  type Sanction,
} from 'shared-kit';
import { Button, TextArea, useFormat } from 'ui-kit';
import type { ForbiddenCreateState } from '../errors/reactions';
import { api } from '../http/client';
import { useShellT } from '../i18n';
import { Page } from './Page';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * The creation-forbidden page (spec §2): for a creation ban, its end date and reason and the one appeal it allows;
 * once no ban is in force (over, lifted, appeal approved), the way back to My Story.
 */
export function ForbiddenCreatePage() {
  const { t } = useShellT();
  const fmt = useFormat();
  const state = useLocation().state as ForbiddenCreateState | null;
  const signedIn = useSessionStore((s) => s.status === 'user');
  const [mine, setMine] = useState<MySanctions | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void api()
      .then((client) => unwrap(client.get<Envelope<MySanctions>>('/tyler/user/sanction', { silent: true })))
      .then(
        (m) => {
          if (!live) return;
          setMine(m);
          // Nothing in force any more: the header shows My Story again.
          const { user, setUser } = sessionStore.getState();
          if (user && user.creation_forbidden && !m.creation_until && !m.login_until) setUser({ ...user, creation_forbidden: false });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const ban: Sanction | undefined = mine?.list.find((s) => s.kind === SanctionKind.CreationBan) ?? mine?.list.find((s) => s.kind === SanctionKind.LoginBan);
  const until = mine ? mine.creation_until ?? mine.login_until : (state?.creation_until ?? null);
  const over = mine !== null && !until;

  async function appeal(e: FormEvent) {
    e.preventDefault();
    if (!ban || text.trim() === '') return;
    setBusy(true);
    setMessage(null);
    try {
      const client = await api();
      const updated = await unwrap(
        client.post<Envelope<Sanction>>('/tyler/user/appeal', { sanction_id: ban.sanction_id, text: text.trim() }, { silent: true }),
      );
      setMine((m) => (m ? { ...m, list: m.list.map((s) => (s.sanction_id === updated.sanction_id ? updated : s)) } : m));
      setMessage(t('pages.forbiddenCreate.appealSent'));
    } catch {
      setMessage(t('pages.forbiddenCreate.appealFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('pages.forbiddenCreate.title')}>
      {over ? (
        <p>
          {t('pages.forbiddenCreate.over')} <Link to="/editor/works">{t('pages.forbiddenCreate.toWorks')}</Link>
        </p>
      ) : (
        <>
          <p>{until ? t('pages.forbiddenCreate.banned', { date: fmt.date(until, DATE_TIME) }) : t('pages.forbiddenCreate.text')}</p>
          {ban && <p>{t('pages.forbiddenCreate.reason', { reason: ban.reason })}</p>}
          {ban?.appeal.status === AppealStatus.Pending && !message && <p role="status">{t('pages.forbiddenCreate.appealPending')}</p>}
          {ban?.appeal.status === AppealStatus.Rejected && <p>{t('pages.forbiddenCreate.appealRejected', { reason: ban.appeal.reason })}</p>}
          {ban?.can_appeal && (
            <form onSubmit={(e) => void appeal(e)} aria-label={t('pages.forbiddenCreate.appealTitle')}>
              <h2>{t('pages.forbiddenCreate.appealTitle')}</h2>
              <TextArea label={t('pages.forbiddenCreate.appealLabel')} value={text} limit={APPEAL_TEXT_MAX} onChange={(e) => setText(e.target.value)} />
              <Button type="submit" disabled={busy || text.trim() === '' || text.length > APPEAL_TEXT_MAX}>
                {t('pages.forbiddenCreate.appealSend')}
              </Button>
            </form>
          )}
          {message && <p role="status">{message}</p>}
        </>
      )}
      <p>
        <Link to="/play">{t('playStories')}</Link>
      </p>
    </Page>
  );
}
