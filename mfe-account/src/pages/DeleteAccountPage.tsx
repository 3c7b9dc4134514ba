import { useEffect, useId, useState, type FormEvent, type JSX } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useAccountPath } from '../components/paths';
import { shellNavigate as goToShellPage, shellToast as toast } from 'shared-kit';
import { selectDeletion } from '../stores/settings/selectors';
import { useSettingsStore } from '../stores/settings/store';

/** The word typed to confirm, so the account is never deleted by a stray tap. */
export const CONFIRM_WORD = 'DELETE';

/** What is always deleted, whatever the counts say. */
const ALWAYS_DELETED = ['Your account: nickname, User ID, avatar and settings', 'Your stories and characters, drafts and published', 'Your plays and chat history', 'Your comments and likes', 'Every signed-in session, on all devices'];

const ITEM_LABELS: Record<string, string> = {
  sessions: 'Signed-in sessions',
  blocks: 'Blocked users',
  stories: 'Stories',
  plays: 'Plays',
  comments: 'Comments',
  characters: 'Characters',
};

function itemLabel(name: string): string {
  return ITEM_LABELS[name] ?? name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');
}

/** `/account/delete`: what is deleted (from `check_log_off`), a typed confirmation, then `log_off`. */
export function DeleteAccountPage(): JSX.Element {
  const deletion = useSettingsStore(selectDeletion);
  const { loadDeletionCheck, deleteAccount } = useSettingsStore.getState();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
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
      toast({ type: 'success', message: 'Your account was deleted' });
      goToShellPage('/');
    }
  }

  return (
    <div className="acct-page">
      <PageHeader title="Delete account" />
      <section className="acct-card" aria-labelledby="acct-delete-what">
        <h2 id="acct-delete-what">What is deleted</h2>
        <p>Deleting your account is permanent. It cannot be undone, and these are removed:</p>
        <ul className="acct-list">
          {ALWAYS_DELETED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {deletion.status === 'loading' ? (
          <p className="acct-loading" role="status">
            Counting your content…
          </p>
        ) : null}
        {deletion.check ? (
          <>
            <p>{deletion.check.notice}</p>
            <dl className="acct-counts" aria-label="Content that will be deleted">
              {deletion.check.items.map((item) => (
                <div key={item.name}>
                  <dt>{itemLabel(item.name)}</dt>
                  <dd>{item.count}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
        {deletion.status === 'error' ? (
          <p className="acct-error" role="alert">
            {deletion.error}
          </p>
        ) : null}
      </section>

      <form className="acct-card acct-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="acct-field">
          <label htmlFor={inputId}>Type {CONFIRM_WORD} to confirm</label>
          <input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={deletion.error && deletion.status === 'ready' ? `${hintId} ${errorId}` : hintId}
          />
          <p id={hintId} className="acct-hint">
            This deletes the account you are signed in with now.
          </p>
          {deletion.error && deletion.status === 'ready' ? (
            <p id={errorId} className="acct-error" role="alert">
              Deletion failed: {deletion.error}
            </p>
          ) : null}
        </div>
        <div className="acct-actions">
          <Link to={settingsPath} className="acct-button">
            Keep my account
          </Link>
          <button type="submit" className="acct-button acct-button--danger" disabled={!confirmed || deleting || deletion.status === 'loading'}>
            {deleting ? 'Deleting…' : 'Delete account'}
          </button>
        </div>
      </form>
    </div>
  );
}
