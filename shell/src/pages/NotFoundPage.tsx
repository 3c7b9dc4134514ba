import { Link } from 'react-router';
import { useShellT } from '../i18n';
import { Page } from './Page';

export function NotFoundPage() {
  const { t } = useShellT();
  return (
    <Page title={t('pages.notFound.title')}>
      <p>{t('pages.notFound.text')}</p>
      <p>
        <Link to="/editor">{t('backHome')}</Link>
      </p>
    </Page>
  );
}
