import type { JSX } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useAccountPath } from '../components/paths';
import { useAccountT } from '../i18n';

export function NotFound(): JSX.Element {
  const { t } = useAccountT();
  const home = useAccountPath();
  return (
    <div className="account-page">
      <PageHeader title={t('notFound.title')} back={false} />
      <p>
        {t('notFound.text')} <Link to={home}>{t('notFound.link')}</Link>
      </p>
    </div>
  );
}
