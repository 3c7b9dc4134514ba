import { Link, useLocation } from 'react-router';
import { useShellT } from '../i18n';
import { Page } from './Page';

export function MobilePage() {
  const { t } = useShellT();
  // A phone sent here from the moderation console reads about the console, not the story editor.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const fromConsole = typeof from === 'string' && /^\/ops(\/|$)/i.test(from);
  return (
    <Page title={t('pages.mobile.title')} heading={t('pages.mobile.heading')}>
      <p>{t(fromConsole ? 'pages.mobile.consoleText' : 'pages.mobile.text')}</p>
      <p>
        <Link className="ui-button ui-button--primary ui-button--md" to="/play">
          {t('playStories')}
        </Link>
      </p>
    </Page>
  );
}
