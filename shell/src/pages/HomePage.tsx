import { Link } from 'react-router';
import { Card } from 'ui-kit';
import { useShellT } from '../i18n';
import { Page } from './Page';

/** The editor's home: what a creator can do today, and the way to the player. Promises only what works. */
export function HomePage() {
  const { t } = useShellT();
  return (
    <Page title={t('home.title')} heading={t('home.heading')}>
      <p className="page__lead">{t('home.lead')}</p>
      <ul className="home-cards">
        <Card as="li">
          <h2>{t('home.createTitle')}</h2>
          <p>{t('home.createText')}</p>
          <Link className="ui-button ui-button--primary ui-button--md" to="/editor/works">
            {t('home.createAction')}
          </Link>
        </Card>
        <Card as="li">
          <h2>{t('home.playTitle')}</h2>
          <p>{t('home.playText')}</p>
          <Link className="ui-button ui-button--secondary ui-button--md" to="/play">
            {t('home.playAction')}
          </Link>
        </Card>
      </ul>
    </Page>
  );
}
