import type { JSX } from 'react';
import { useDocumentTitle } from 'ui-kit';
import { Link } from 'react-router';
import { useAccountT } from '../i18n';
import { useAccountPath } from './paths';

/** The page's title (also the document title while it is open) and a way back to the account overview. */
export function PageHeader({ title, back = true }: { title: string; back?: boolean }): JSX.Element {
  const home = useAccountPath();
  const { t } = useAccountT();
  useDocumentTitle(t('common.pageTitle', { title }));
  return (
    <div className="account-page-header">
      {back ? (
        <Link to={home} className="account-back">
          <span aria-hidden="true">‹</span> {t('common.account')}
        </Link>
      ) : null}
      <h1>{title}</h1>
    </div>
  );
}
