import { Link, useLocation } from 'react-router';
import { errorMessage } from 'shared-kit';
import { Page } from './Page';

/** The code handed over in route state by the error reactions; anything else is ignored. */
export function codeFromState(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const code = (state as { code?: unknown }).code;
  return typeof code === 'number' && Number.isInteger(code) ? code : null;
}

export function NoAccessPage() {
  const code = codeFromState(useLocation().state);
  return (
    <Page title="No access">
      <p>{code === null ? 'No permission to access this content.' : `${errorMessage(code)}.`}</p>
      {code === null ? null : <p className="page__code">Error code: {code}</p>}
      <p>
        <Link to="/editor">Back to home</Link>
      </p>
    </Page>
  );
}
