import { useEffect, useId, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { ShellLink } from '../components/ShellLink';
import { Switch } from '../components/Switch';
import { useAccountPath } from '../components/paths';
import type { NotificationSettings } from '../api/types';
import { shellNavigate as goToShellPage, shellToast as toast } from 'shared-kit';
import { VERSION_TEXT } from '../lib/version';
import { selectLogout, selectPending, selectSettings, selectSettingsStatus, selectUpdateError } from '../stores/settings/selectors';
import { useSettingsStore } from '../stores/settings/store';

/** Languages the product is offered in (its regions: English, Brazil, Indonesia). */
export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'pt-BR', label: 'Português (Brasil)' },
  { value: 'id', label: 'Bahasa Indonesia' },
] as const;

const NOTIFICATIONS: Array<{ key: keyof NotificationSettings; label: string; description: string }> = [
  { key: 'comments', label: 'Comments', description: 'Replies and comments on your stories.' },
  { key: 'likes', label: 'Likes', description: 'When someone likes your stories or characters.' },
  { key: 'follows', label: 'New followers', description: 'When someone follows you.' },
  { key: 'system', label: 'System notices', description: 'Review results, appeals, reports and account notices.' },
];

/** `/account/settings`: account links, language, notifications, data sharing, legal pages, about, log out. */
export function SettingsPage(): JSX.Element {
  const status = useSettingsStore(selectSettingsStatus);
  const settings = useSettingsStore(selectSettings);
  const pending = useSettingsStore(selectPending);
  const updateError = useSettingsStore(selectUpdateError);
  const logoutState = useSettingsStore(selectLogout);
  const { load, setNotification, setDataSharing, setLanguage, logout } = useSettingsStore.getState();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const languageId = useId();
  const paths = {
    edit: useAccountPath('edit'),
    blocked: useAccountPath('blocked'),
    youth: useAccountPath('youth-mode'),
    remove: useAccountPath('delete'),
    guidelines: useAccountPath('guidelines'),
  };

  useEffect(() => {
    void load();
  }, [load]);

  async function onLogout(): Promise<void> {
    if (await logout()) {
      setConfirmLogout(false);
      toast({ type: 'success', message: 'You are logged out' });
      goToShellPage('/');
    }
  }

  return (
    <div className="acct-page">
      <PageHeader title="Settings" />

      <section className="acct-card" aria-labelledby="acct-settings-account">
        <h2 id="acct-settings-account">Account</h2>
        <ul className="acct-menu">
          <li>
            <Link to={paths.edit}>Edit profile</Link>
          </li>
          <li>
            <Link to={paths.blocked}>Blocked users</Link>
          </li>
          <li>
            <Link to={paths.youth}>Youth mode</Link>
          </li>
          <li>
            <Link to={paths.remove} className="acct-danger-link">
              Delete account
            </Link>
          </li>
        </ul>
      </section>

      {status === 'error' ? (
        <section className="acct-card">
          <p role="alert">Your settings could not be loaded.</p>
          <button type="button" className="acct-button" onClick={() => void load()}>
            Try again
          </button>
        </section>
      ) : !settings ? (
        <p className="acct-loading" role="status">
          Loading settings…
        </p>
      ) : (
        <>
          <section className="acct-card" aria-labelledby="acct-settings-language">
            <h2 id="acct-settings-language">Language</h2>
            <div className="acct-field">
              <label htmlFor={languageId}>App language</label>
              <select
                id={languageId}
                value={settings.language}
                disabled={pending === 'language'}
                onChange={(e) => void setLanguage(e.target.value)}
              >
                {LANGUAGES.map((l) => (
                  <option key={l.value} value={l.value}>
                    {l.label}
                  </option>
                ))}
                {LANGUAGES.some((l) => l.value === settings.language) ? null : (
                  <option value={settings.language}>{settings.language}</option>
                )}
              </select>
            </div>
          </section>

          <section className="acct-card" aria-labelledby="acct-settings-notifications">
            <h2 id="acct-settings-notifications">Notifications</h2>
            {NOTIFICATIONS.map((n) => (
              <Switch
                key={n.key}
                label={n.label}
                description={n.description}
                checked={settings.notifications[n.key]}
                disabled={pending === `notifications.${n.key}`}
                onChange={(v) => void setNotification(n.key, v)}
              />
            ))}
          </section>

          <section className="acct-card" aria-labelledby="acct-settings-privacy">
            <h2 id="acct-settings-privacy">Privacy</h2>
            <Switch
              label="Third-party data sharing"
              description="Share usage data with partners to improve recommendations and ads. Off by default."
              checked={settings.third_party_data_sharing}
              disabled={pending === 'third_party_data_sharing'}
              onChange={(v) => void setDataSharing(v)}
            />
          </section>
          {updateError ? (
            <p className="acct-error" role="alert">
              Not saved: {updateError}
            </p>
          ) : null}
        </>
      )}

      <section className="acct-card" aria-labelledby="acct-settings-about">
        <h2 id="acct-settings-about">About</h2>
        <ul className="acct-menu">
          <li>
            <Link to={paths.guidelines}>Community guidelines</Link>
          </li>
          <li>
            <ShellLink to="/editor/protocol/privacy">Privacy policy</ShellLink>
          </li>
          <li>
            <ShellLink to="/editor/protocol/terms">Terms of service</ShellLink>
          </li>
        </ul>
        <p className="acct-muted">Storyverse · {VERSION_TEXT}</p>
      </section>

      <button type="button" className="acct-button acct-button--block" onClick={() => setConfirmLogout(true)}>
        Log out
      </button>

      {confirmLogout ? (
        <ConfirmDialog
          title="Log out?"
          confirmLabel="Log out"
          busy={logoutState.status === 'busy'}
          onConfirm={() => void onLogout()}
          onCancel={() => setConfirmLogout(false)}
        >
          <p>You can log back in any time with your phone number or linked account.</p>
          {logoutState.status === 'error' ? (
            <p className="acct-error" role="alert">
              Logout failed: {logoutState.error}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
