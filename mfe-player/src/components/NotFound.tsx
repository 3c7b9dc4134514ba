import type { JSX } from 'react';
import { Link } from 'react-router';
import { EmptyState } from 'ui-kit';
import { usePlayerT } from '../i18n';
import { usePlayerPath } from './paths';

export function NotFound(): JSX.Element {
  const { t } = usePlayerT();
  return (
    <div className="player-page player-center">
      <h1>{t('notFound.title')}</h1>
      <EmptyState
        title={t('notFound.text')}
        action={
          <Link className="ui-button ui-button--primary ui-button--md" to={usePlayerPath()}>
            {t('common.backToStories')}
          </Link>
        }
      />
    </div>
  );
}
