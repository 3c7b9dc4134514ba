import { Link } from 'react-router';
import { Page } from './Page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>This page does not exist or was moved.</p>
      <p>
        <Link to="/editor">Back to home</Link>
      </p>
    </Page>
  );
}
