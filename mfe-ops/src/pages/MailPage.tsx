import { useState, type FormEvent, type JSX } from 'react';
import { PushType } from 'shared-kit';
import { OPS_MAIL } from 'shared-kit/areas';
import { Button, Select, TextArea, TextField } from 'ui-kit';
import { useOpsT } from '../i18n';
import { sendMail, sendPush, type Recipients } from '../services/console.service';
import { PageHeader } from '../components/PageHeader';

/** `a, b` or one a line: the accounts named, without blanks and repeats. */
function parseUsers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

type Outcome = { kind: 'ok'; text: string } | { kind: 'error'; text: string } | null;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

interface FormProps {
  push: boolean;
}

/** One send form: mail to the inbox, or a push to people online. */
function SendForm({ push }: FormProps): JSX.Element {
  const { t } = useOpsT();
  const [to, setTo] = useState<Recipients>('user');
  const [users, setUsers] = useState('');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [link, setLink] = useState('');
  const [pushType, setPushType] = useState<string>(PushType.Others);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const id = push ? 'push' : 'mail';

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    const named = to === 'all' ? [] : parseUsers(users);
    if (to !== 'all' && named.length === 0) {
      setOutcome({ kind: 'error', text: t('mail.needTo') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    const input = {
      to,
      users: to === 'user' ? named.slice(0, 1) : named,
      title: title.trim(),
      text: text.trim(),
      ...(link.trim() ? { link: link.trim() } : {}),
    };
    try {
      if (push) {
        const out = await sendPush({ ...input, push_type: pushType });
        const sent = out.accounts === null ? t('mail.pushed') : t('mail.pushedTo', { count: out.accounts });
        setOutcome({
          kind: 'ok',
          text:
            out.unknown.length > 0 ? `${sent} ${t('mail.unknown', { list: out.unknown.join(', ') })}` : sent,
        });
      } else {
        const out = await sendMail(input);
        const sent = t('mail.sent', { count: out.sent });
        setOutcome({
          kind: 'ok',
          text:
            out.unknown.length > 0 ? `${sent} ${t('mail.unknown', { list: out.unknown.join(', ') })}` : sent,
        });
      }
      setTitle('');
      setText('');
    } catch (err) {
      setOutcome({ kind: 'error', text: t('mail.failed', { message: errorText(err) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ops-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{push ? t('mail.pushTitle') : t('mail.mailTitle')}</h2>
      <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
        <Select
          label={t('mail.to')}
          value={to}
          onValueChange={(v) => setTo(v as Recipients)}
          options={[
            { value: 'user', label: t('mail.toUser') },
            { value: 'list', label: t('mail.toList') },
            { value: 'all', label: t('mail.toAll') },
          ]}
        />
        {to === 'user' && (
          <TextField
            label={t('mail.user')}
            value={users}
            maxLength={64}
            onChange={(e) => setUsers(e.target.value)}
          />
        )}
        {to === 'list' && (
          <TextArea
            label={t('mail.list', { max: OPS_MAIL.usersMax })}
            value={users}
            onChange={(e) => setUsers(e.target.value)}
          />
        )}
        {push && (
          <Select
            label={t('mail.pushType')}
            value={pushType}
            onValueChange={setPushType}
            options={Object.values(PushType).map((p) => ({ value: p, label: t(`mail.pushTypes.${p}`) }))}
          />
        )}
        <TextField
          label={t('mail.subject')}
          value={title}
          maxLength={OPS_MAIL.titleMax}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextArea
          label={t('mail.text')}
          value={text}
          limit={push ? OPS_MAIL.pushTextMax : OPS_MAIL.textMax}
          onChange={(e) => setText(e.target.value)}
        />
        <TextField
          label={t('mail.link')}
          value={link}
          maxLength={OPS_MAIL.linkMax}
          onChange={(e) => setLink(e.target.value)}
        />
        <Button type="submit" variant="primary" disabled={busy || title.trim() === '' || text.trim() === ''}>
          {busy ? t('mail.sending') : push ? t('mail.sendPush') : t('mail.send')}
        </Button>
      </form>
      {outcome && (
        <p role={outcome.kind === 'error' ? 'alert' : 'status'} data-testid={`${id}-outcome`}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}

/** Mail to one account, a list or everyone (the inbox), and pushes to people online (a banner in the app). */
export function MailPage(): JSX.Element {
  const { t } = useOpsT();
  return (
    <div>
      <PageHeader title={t('mail.title')} />
      <div className="ops-mail">
        <SendForm push={false} />
        <SendForm push />
      </div>
    </div>
  );
}
