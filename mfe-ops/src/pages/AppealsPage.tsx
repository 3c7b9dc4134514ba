import { useCallback, useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { SANCTION_REASON_MAX, type OpsAppealItem, type OpsStoryAppealItem } from 'shared-kit';
import { Button, ListState, TextField, useFormat } from 'ui-kit';
import { under, useBase } from '../base';
import { useOpsT } from '../i18n';
import { decideAppeal, decideStoryAppeal, fetchAppeals } from '../services/sanction.service';
import { PageHeader } from '../components/PageHeader';

import { DATE_TIME } from '../fields';

type Item = OpsAppealItem | OpsStoryAppealItem;
type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: Item[] };

const isStory = (a: Item): a is OpsStoryAppealItem => a.kind === 'Story';
const keyOf = (a: Item): string => (isStory(a) ? a.appeal_id : a.sanction_id);

/**
 * Appeals waiting, oldest first. Of a ban in force: approve (the ban is lifted) or reject (it stands until its date).
 * Of a story an operator rejected (its name, the creator's text, the rejection reasons): approve (the judged version
 * goes live) or reject (it stays rejected).
 */
export function AppealsPage(): JSX.Element {
  const { t } = useOpsT();
  const fmt = useFormat();
  const base = useBase();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    fetchAppeals().then(
      (d) => setLoad({ state: 'ready', list: d.list }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(reload, [reload]);

  async function decide(a: Item, decision: 'Approved' | 'Rejected'): Promise<void> {
    const id = keyOf(a);
    const reason = (reasons[id] ?? '').trim();
    if (reason === '') return;
    setBusy(true);
    setMessage(null);
    try {
      if (isStory(a)) {
        await decideStoryAppeal(id, decision, reason);
        setMessage(t(decision === 'Approved' ? 'appeals.storyApprovedDone' : 'appeals.storyRejectedDone'));
      } else {
        await decideAppeal(id, decision, reason);
        setMessage(t(decision === 'Approved' ? 'appeals.approvedDone' : 'appeals.rejectedDone'));
      }
      reload();
    } catch {
      setMessage(t('sanctions.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageHeader title={t('appeals.title')} />
      {message && (
        <p role="status" className="ops-status">
          {message}
        </p>
      )}
      <ListState
        status={load.state}
        empty={load.state === 'ready' && load.list.length === 0}
        emptyTitle={t('appeals.empty')}
        errorText={t('common.error')}
        onRetry={reload}
      >
        <ul className="ops-cards">
          {(load.state === 'ready' ? load.list : []).map((a) => {
            const id = keyOf(a);
            const reason = reasons[id] ?? '';
            const name = a.user?.nickname ?? a.uid;
            const actions = (
              <div className="ops-card__decide">
                <TextField
                  label={t('appeals.reason')}
                  value={reason}
                  maxLength={SANCTION_REASON_MAX}
                  onChange={(e) => setReasons((r) => ({ ...r, [id]: e.target.value }))}
                />
                <Button disabled={busy || reason.trim() === ''} onClick={() => void decide(a, 'Approved')}>
                  {t(isStory(a) ? 'appeals.storyApprove' : 'appeals.approve')}
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy || reason.trim() === ''}
                  onClick={() => void decide(a, 'Rejected')}
                >
                  {t('appeals.reject')}
                </Button>
              </div>
            );
            if (isStory(a)) {
              return (
                <li key={id}>
                  <article className="ops-card" aria-label={t('appeals.storyItem', { name: a.story_name })}>
                    <h2>{a.story_name}</h2>
                    <p>
                      <Link to={under(base, `story/${a.story_id}/${a.version_id}`)}>
                        {t('storyView.open', { name: a.story_name })}
                      </Link>
                    </p>
                    <p>
                      {t('appeals.storyBy')} <Link to={under(base, `users/${a.uid}`)}>{name}</Link>
                    </p>
                    <p>{t('appeals.storyReasons')}</p>
                    <ul>
                      {a.reasons.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                    <blockquote>{a.text}</blockquote>
                    {actions}
                  </article>
                </li>
              );
            }
            return (
              <li key={id}>
                <article className="ops-card" aria-label={t('appeals.item', { name })}>
                  <h2>
                    <Link to={under(base, `users/${a.uid}`)}>{name}</Link>
                  </h2>
                  <p>
                    {t('appeals.what', {
                      what: t('sanctions.kindDays', { kind: t(`sanctions.kinds.${a.kind}`), count: a.days }),
                      until: t('sanctions.until', { date: a.ends_at ? fmt.date(a.ends_at, DATE_TIME) : '' }),
                    })}
                  </p>
                  <p>{t('appeals.sanctionReason', { reason: a.reason })}</p>
                  <blockquote>{a.appeal.text}</blockquote>
                  {actions}
                </article>
              </li>
            );
          })}
        </ul>
      </ListState>
    </div>
  );
}
