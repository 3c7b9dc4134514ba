import { useCallback, useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { TeenMode, shellToast as toast, type Certification } from 'shared-kit';
import { Button, Card, Spinner } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { useAccountPath } from '../components/paths';
import { SettingSwitch } from '../components/SettingSwitch';
import { useAccountT } from '../i18n';
import { fetchCertification } from '../services/identity.service';
import { selectTeenMode } from '../stores/profile/selectors';
import { useProfileStore } from '../stores/profile/store';
import { selectYouthMode } from '../stores/settings/selectors';
import { useSettingsStore } from '../stores/settings/store';
import { PasscodePanel } from './identity/PasscodePanel';
import { applyTeenMode } from './identity/teenMode';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; cert: Certification };


/**
 * `/account/youth-mode`: what youth mode blocks, and the switch. A verified minor's youth mode is locked on; with a
 * parental passcode set, youth mode is turned off with the passcode instead of the switch.
 */
export function YouthModePage(): JSX.Element {
  const teenMode = useProfileStore(selectTeenMode);
  const state = useSettingsStore(selectYouthMode);
  const setYouthMode = useSettingsStore((s) => s.setYouthMode);
  const { t } = useAccountT();
  const verifyPath = useAccountPath('verify');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const on = teenMode === TeenMode.Enable;

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    fetchCertification().then(
      (cert) => {
        setLoad({ state: 'ready', cert });
        // The server's word on youth mode: a verification elsewhere may have turned it on since the profile was read.
        if (cert.teen_mode !== TeenMode.Unknown) applyTeenMode(cert.teen_mode);
      },
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(reload, [reload]);

  async function onChange(enable: boolean): Promise<void> {
    if (await setYouthMode(enable)) {
      toast({ type: 'success', message: enable ? t('youth.turnedOn') : t('youth.turnedOff') });
      reload();
    }
  }

  function passcodeChanged(cert: Certification, unlocked: boolean): void {
    const hadPasscode = load.state === 'ready' && load.cert.passcode_set;
    setLoad({ state: 'ready', cert });
    if (!hadPasscode && cert.passcode_set) toast({ type: 'success', message: t('passcode.setDone') });
    if (!unlocked) return;
    applyTeenMode(TeenMode.Disable);
    toast({ type: 'success', message: t('youth.turnedOff') });
  }

  const cert = load.state === 'ready' ? load.cert : null;
  const locked = cert?.teen_mode_locked === true;
  const needsPasscode = on && cert?.passcode_set === true;
  return (
    <div className="account-page">
      <PageHeader title={t('youth.title')} />
      <Card as="section" aria-labelledby="account-youth-what">
        <h2 id="account-youth-what">{t('youth.what')}</h2>
        <p>{t('youth.intro')}</p>
        <ul className="account-list">
          <li>
            <strong>{t('youth.creating')}</strong>
            {t('youth.creatingText')}
          </li>
          <li>
            <strong>{t('youth.commenting')}</strong>
            {t('youth.commentingText')}
          </li>
          <li>{t('youth.playing')}</li>
          <li>{t('youth.playTime')}</li>
        </ul>
        <p className="ui-text-muted">{t('youth.servers')}</p>
      </Card>
      <Card as="section" aria-label={t('youth.switchLabel')}>
        {load.state === 'loading' ? <Spinner label={t('youth.loading')} /> : null}
        {load.state === 'error' ? (
          <>
            <p role="alert">{t('youth.loadFailed')}</p>
            <Button onClick={reload}>{t('common.tryAgain')}</Button>
          </>
        ) : null}
        {cert ? (
          <SettingSwitch
            label={t('youth.title')}
            description={locked ? t('youth.lockedText') : needsPasscode ? t('youth.passcodeText') : on ? t('youth.onText') : t('youth.offText')}
            checked={on}
            disabled={state.status === 'busy' || locked || needsPasscode}
            onChange={(v) => void onChange(v)}
          />
        ) : null}
        {locked ? (
          <p data-testid="youth-locked">
            <strong>{t('youth.locked')}</strong> {t('youth.lockedWhy')}
          </p>
        ) : null}
        {cert && !locked && cert.certification === 'NotCertified' ? (
          <p className="ui-text-muted">
            <Link to={verifyPath}>{t('identity.link')}</Link>
          </p>
        ) : null}
        {state.status === 'error' ? (
          <p className="account-error" role="alert">
            {state.error}
          </p>
        ) : null}
      </Card>
      {cert && on && !locked ? (
        <Card as="section">
          <PasscodePanel key={String(cert.passcode_set)} cert={cert} onChanged={passcodeChanged} />
        </Card>
      ) : null}
    </div>
  );
}
