import type { JSX } from 'react';
import { SUPPORT_REPLY_WORKING_DAYS } from 'shared-kit';
import { Card } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { useAccountT } from '../i18n';

const RULES = ['respect', 'safe', 'own', 'spam', 'label'] as const;

/** `/account/guidelines`: the community guidelines, readable without an account. */
export function GuidelinesPage(): JSX.Element {
  const { t } = useAccountT();
  return (
    <div className="account-page">
      <PageHeader title={t('guidelines.title')} />
      <Card as="section" className="account-prose">
        <p>{t('guidelines.intro')}</p>
        <ul className="account-list">
          {RULES.map((rule) => (
            <li key={rule}>{t(`guidelines.rules.${rule}`)}</li>
          ))}
        </ul>
        <p>{t('guidelines.review', { days: SUPPORT_REPLY_WORKING_DAYS })}</p>
      </Card>
    </div>
  );
}
