import { Link } from 'react-router';
import { useShellT } from '../i18n';
import { Page } from './Page';

export function MobilePage() {
  const { t } = useShellT();
  return (
    <Page title={t('pages.mobile.title')} heading={t('pages.mobile.heading')}>
      <p>{t('pages.mobile.text')}</p>
      <p>
        <Link className="ui-button ui-button--primary ui-button--md" to="/play">
          {t('playStories')}
        </Link>
      </p>
    </Page>
  );
}
