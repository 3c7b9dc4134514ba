import { useEffect, useState, type FormEvent, type JSX } from 'react';
import { Link } from 'react-router';
import { Button, Card, Spinner, TextField } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { useAccountPath } from '../components/paths';
import { shellNavigate as goToShellPage, shellToast as toast } from 'shared-kit';
import { useAccountT } from '../i18n';
import { selectDeletion } from '../stores/settings/selectors';
import { useSettingsStore } from '../stores/settings/store';

/** The word typed to confirm, so the account is never deleted by a stray tap. */
export const CONFIRM_WORD = 'DELETE';

/** What is always deleted, whatever the counts say (`remove.always.<key>`). */
const ALWAYS_DELETED = ['account', 'stories', 'plays', 'comments', 'sessions'] as const;

/** The counted kinds the client has words for (`remove.items.<name>`); others show the server's name. */
const KNOWN_ITEMS = new Set(['sessions', 'blocks', 'stories', 'plays', 'comments', 'characters', 'templates', 'drafts', 'collections', 'threads', 'identity']);

function fallbackLabel(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');
}

/** `/account/delete`: what is deleted (from `check_log_off`), a typed confirmation, then `log_off`. */
export function DeleteAccountPage(): JSX.Element {
  const deletion = useSettingsStore(selectDeletion);
  const { loadDeletionCheck, deleteAccount } = useSettingsStore.getState();
  const [typed, setTyped] = useState('');
  const { t } = useAccountT();
  const settingsPath = useAccountPath('settings');

  useEffect(() => {
    void loadDeletionCheck();
  }, [loadDeletionCheck]);

  const confirmed = typed.trim() === CONFIRM_WORD;
  const deleting = deletion.status === 'deleting';

  async function onSubmit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (!confirmed || deleting) return;
    if (await deleteAccount()) {
      toast({ type: 'success', message: t('remove.deleted') });
      goToShellPage('/');
    }
  }

  return (
    <div className="account-page">
      <PageHeader title={t('remove.title')} />
      <Card as="section" aria-labelledby="account-delete-what">
        <h2 id="account-delete-what">{t('remove.what')}</h2>
        <p>{t('remove.intro')}</p>
        <ul className="account-list">
          {ALWAYS_DELETED.map((key) => (
            <li key={key}>{t(`remove.always.${key}`)}</li>
          ))}
        </ul>
        {deletion.status === 'loading' ? <Spinner label={t('remove.counting')} /> : null}
        {deletion.check ? (
          <>
            <p>{deletion.check.notice}</p>
            <dl className="account-counts" aria-label={t('remove.counts')}>
              {deletion.check.items.map((item) => (
                <div key={item.name}>
                  <dt>{KNOWN_ITEMS.has(item.name) ? t(`remove.items.${item.name}`) : fallbackLabel(item.name)}</dt>
                  <dd>{item.count}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
        {deletion.status === 'error' ? (
          <p className="account-error" role="alert">
            {deletion.error}
          </p>
        ) : null}
      </Card>

      <Card as="div">
        <form className="account-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <TextField
            label={t('remove.typeToConfirm', { word: CONFIRM_WORD })}
            hint={t('remove.hint')}
            error={deletion.error && deletion.status === 'ready' ? t('remove.failed', { error: deletion.error }) : undefined}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <div className="account-actions">
            <Link to={settingsPath} className="ui-button ui-button--secondary ui-button--md">
              {t('remove.keep')}
            </Link>
            <Button type="submit" variant="danger" loading={deleting} disabled={!confirmed || deleting || deletion.status === 'loading'}>
              {t('remove.title')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
