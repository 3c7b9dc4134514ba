import type { JSX } from 'react';
import { TeenMode, shellToast as toast } from 'shared-kit';
import { Card } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { SettingSwitch } from '../components/SettingSwitch';
import { useAccountT } from '../i18n';
import { selectTeenMode } from '../stores/profile/selectors';
import { useProfileStore } from '../stores/profile/store';
import { selectYouthMode } from '../stores/settings/selectors';
import { useSettingsStore } from '../stores/settings/store';

/** `/account/youth-mode`: what youth mode blocks, and the switch. */
export function YouthModePage(): JSX.Element {
  const teenMode = useProfileStore(selectTeenMode);
  const state = useSettingsStore(selectYouthMode);
  const setYouthMode = useSettingsStore((s) => s.setYouthMode);
  const { t } = useAccountT();
  const on = teenMode === TeenMode.Enable;

  async function onChange(enable: boolean): Promise<void> {
    if (await setYouthMode(enable)) toast({ type: 'success', message: enable ? t('youth.turnedOn') : t('youth.turnedOff') });
  }

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
        </ul>
        <p className="ui-text-muted">{t('youth.servers')}</p>
      </Card>
      <Card as="section" aria-label={t('youth.switchLabel')}>
        <SettingSwitch
          label={t('youth.title')}
          description={on ? t('youth.onText') : t('youth.offText')}
          checked={on}
          disabled={state.status === 'busy'}
          onChange={(v) => void onChange(v)}
        />
        {state.status === 'error' ? (
          <p className="account-error" role="alert">
            {state.error}
          </p>
        ) : null}
      </Card>
    </div>
  );
}
