import { useEffect, type JSX } from 'react';
import { Link } from 'react-router';
import { useAccountT } from '../i18n';
import { useAccountPath } from './paths';

/** The page's title (also the document title while it is open) and a way back to the account overview. */
export function PageHeader({ title, back = true }: { title: string; back?: boolean }): JSX.Element {
  const home = useAccountPath();
  const { t } = useAccountT();
  const documentTitle = t('common.pageTitle', { title });
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle;
    return () => {
      document.title = previous;
    };
  }, [documentTitle]);
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
