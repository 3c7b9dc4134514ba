import { useId, useState, type FormEvent, type JSX } from 'react';
import { ApiError, ErrorCode } from 'shared-kit';
import { Button, TextArea, TextField, useFormat } from 'ui-kit';
import { DATE_TIME } from '../fields';
import { useOpsT } from '../i18n';
import { grantMembership } from '../services/commerce.service';

const REASON_MAX = 500;

/** Grants an account membership days (audited as vip.grant): who, how many days, and why. */
export function GrantForm({ onGranted }: { onGranted: () => void }): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const id = useId();
  const [user, setUser] = useState('');
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const count = Number(days);
  const valid = user.trim() !== '' && reason.trim() !== '' && Number.isInteger(count) && count >= 1 && count <= 366;

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const res = await grantMembership(user.trim(), count, reason.trim());
      setMessage(t('orders.granted', { user: user.trim(), date: res.membership.valid_until ? date(res.membership.valid_until, DATE_TIME) : '' }));
      setReason('');
      onGranted();
    } catch (err) {
      setMessage(err instanceof ApiError && err.code === ErrorCode.UserNotExist ? t('orders.noSuchUser') : t('orders.grantFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ops-grant" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('orders.grantTitle')}</h2>
      <form onSubmit={(e) => void submit(e)} className="ops-grant__form">
        <TextField label={t('orders.grantUser')} value={user} maxLength={64} onChange={(e) => setUser(e.target.value)} />
        <TextField
          label={t('orders.grantDays')}
          hint={t('orders.grantDaysHint')}
          type="number"
          inputMode="numeric"
          min={1}
          max={366}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <TextArea label={t('orders.reason')} value={reason} limit={REASON_MAX} onChange={(e) => setReason(e.target.value)} />
        <Button type="submit" variant="primary" loading={busy} disabled={!valid || busy}>
          {t('orders.grant')}
        </Button>
        <p role="status" className="ops-grant__message">
          {message}
        </p>
      </form>
    </section>
  );
}
