import { useEffect, useId, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { Button, Card, ConfirmDialog, Spinner } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { SettingSwitch } from '../components/SettingSwitch';
import { ShellLink } from '../components/ShellLink';
import { useAccountPath } from '../components/paths';
import type { NotificationSettings } from '../api/types';
import { shellNavigate as goToShellPage, shellToast as toast } from 'shared-kit';
import { useAccountT } from '../i18n';
import { VERSION_TEXT } from '../lib/version';
import { selectLogout, selectPending, selectSettings, selectSettingsStatus, selectUpdateError } from '../stores/settings/selectors';
import { useSettingsStore } from '../stores/settings/store';

/** Languages the product is offered in (its regions: English, Brazil, Indonesia). */
export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'pt-BR', label: 'Português (Brasil)' },
  { value: 'id', label: 'Bahasa Indonesia' },
] as const;

/** The notification switches, in order; each has its label (`settings.<key>`) and description (`settings.<key>Text`). */
const NOTIFICATIONS: Array<keyof NotificationSettings> = ['comments', 'likes', 'follows', 'system'];

/** `/account/settings`: account links, language, notifications, data sharing, legal pages, about, log out. */
export function SettingsPage(): JSX.Element {
  const status = useSettingsStore(selectSettingsStatus);
  const settings = useSettingsStore(selectSettings);
  const pending = useSettingsStore(selectPending);
  const updateError = useSettingsStore(selectUpdateError);
  const logoutState = useSettingsStore(selectLogout);
  const { load, setNotification, setDataSharing, setLanguage, logout } = useSettingsStore.getState();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const { t } = useAccountT();
  const languageId = useId();
  const paths = {
    edit: useAccountPath('edit'),
    blocked: useAccountPath('blocked'),
    reports: useAccountPath('reports'),
    feedback: useAccountPath('feedback'),
    weekly: useAccountPath('weekly'),
    youth: useAccountPath('youth-mode'),
    verify: useAccountPath('verify'),
    remove: useAccountPath('delete'),
    guidelines: useAccountPath('guidelines'),
  };

  useEffect(() => {
    void load();
  }, [load]);

  async function onLogout(): Promise<void> {
    if (await logout()) {
      setConfirmLogout(false);
      toast({ type: 'success', message: t('settings.loggedOut') });
      goToShellPage('/');
    }
  }

  return (
    <div className="account-page">
      <PageHeader title={t('settings.title')} />

      <Card as="section" aria-labelledby="account-settings-account">
        <h2 id="account-settings-account">{t('common.account')}</h2>
        <ul className="account-menu">
          <li>
            <Link to={paths.edit}>{t('profile.edit')}</Link>
          </li>
          <li>
            <Link to={paths.blocked}>{t('settings.blocked')}</Link>
          </li>
          <li>
            <Link to={paths.reports}>{t('reports.link')}</Link>
          </li>
          <li>
            <Link to={paths.weekly}>{t('weekly.link')}</Link>
          </li>
          <li>
            <Link to={paths.feedback}>{t('feedback.link')}</Link>
          </li>
          <li>
            <Link to={paths.youth}>{t('settings.youth')}</Link>
          </li>
          <li>
            <Link to={paths.verify}>{t('identity.link')}</Link>
          </li>
          <li>
            <Link to={paths.remove} className="account-danger-link">
              {t('settings.deleteAccount')}
            </Link>
          </li>
        </ul>
      </Card>

      {status === 'error' ? (
        <Card as="section">
          <p role="alert">{t('settings.loadFailed')}</p>
          <Button onClick={() => void load()}>{t('common.tryAgain')}</Button>
        </Card>
      ) : !settings ? (
        <Spinner label={t('settings.loading')} />
      ) : (
        <>
          <Card as="section" aria-labelledby="account-settings-language">
            <h2 id="account-settings-language">{t('settings.language')}</h2>
            <div className="ui-field">
              <label htmlFor={languageId} className="ui-field__label">
                {t('settings.appLanguage')}
              </label>
              <select
                id={languageId}
                className="ui-input"
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
          </Card>

          <Card as="section" aria-labelledby="account-settings-notifications">
            <h2 id="account-settings-notifications">{t('settings.notifications')}</h2>
            {NOTIFICATIONS.map((key) => (
              <SettingSwitch
                key={key}
                label={t(`settings.${key}`)}
                description={t(`settings.${key}Text`)}
                checked={settings.notifications[key]}
                disabled={pending === `notifications.${key}`}
                onChange={(v) => void setNotification(key, v)}
              />
            ))}
          </Card>

          <Card as="section" aria-labelledby="account-settings-privacy">
            <h2 id="account-settings-privacy">{t('settings.privacy')}</h2>
            <SettingSwitch
              label={t('settings.dataSharing')}
              description={t('settings.dataSharingText')}
              checked={settings.third_party_data_sharing}
              disabled={pending === 'third_party_data_sharing'}
              onChange={(v) => void setDataSharing(v)}
            />
          </Card>
          {updateError ? (
            <p className="account-error" role="alert">
              {t('settings.notSaved', { error: updateError })}
            </p>
          ) : null}
        </>
      )}

      <Card as="section" aria-labelledby="account-settings-about">
        <h2 id="account-settings-about">{t('settings.about')}</h2>
        <ul className="account-menu">
          <li>
            <Link to={paths.guidelines}>{t('settings.guidelines')}</Link>
          </li>
          <li>
            <ShellLink to="/editor/protocol/privacy">{t('settings.privacyPolicy')}</ShellLink>
          </li>
          <li>
            <ShellLink to="/editor/protocol/terms">{t('settings.terms')}</ShellLink>
          </li>
        </ul>
        <p className="ui-text-muted">{t('settings.version', { version: VERSION_TEXT })}</p>
      </Card>

      <Button block onClick={() => setConfirmLogout(true)}>
        {t('settings.logOut')}
      </Button>

      {confirmLogout ? (
        <ConfirmDialog
          title={t('settings.logOutTitle')}
          confirmLabel={t('settings.logOut')}
          busy={logoutState.status === 'busy'}
          onConfirm={() => void onLogout()}
          onCancel={() => setConfirmLogout(false)}
        >
          {t('settings.logOutText')}
          {logoutState.status === 'error' ? (
            <span className="account-error" role="alert">
              {t('settings.logOutFailed', { error: logoutState.error })}
            </span>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
