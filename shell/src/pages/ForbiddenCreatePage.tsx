import { Link } from 'react-router';
import { useShellT } from '../i18n';
import { Page } from './Page';

export function ForbiddenCreatePage() {
  const { t } = useShellT();
  return (
    <Page title={t('pages.forbiddenCreate.title')}>
      <p>{t('pages.forbiddenCreate.text')}</p>
      <p>
        <Link to="/play">{t('playStories')}</Link>
      </p>
    </Page>
  );
}
