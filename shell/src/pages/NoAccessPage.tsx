import { Link, useLocation } from 'react-router';
import { messageForCode } from 'ui-kit';
import { useShellT } from '../i18n';
import { Page } from './Page';

/** The code handed over in route state by the error reactions; anything else is ignored. */
export function codeFromState(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const code = (state as { code?: unknown }).code;
  return typeof code === 'number' && Number.isInteger(code) ? code : null;
}

export function NoAccessPage() {
  const { t } = useShellT();
  const code = codeFromState(useLocation().state);
  return (
    <Page title={t('pages.noAccess.title')}>
      <p>{code === null ? t('pages.noAccess.text') : `${messageForCode(code)}.`}</p>
      {code === null ? null : <p className="page__code">{t('pages.noAccess.code', { code })}</p>}
      <p>
        <Link to="/editor">{t('backHome')}</Link>
      </p>
    </Page>
  );
}
