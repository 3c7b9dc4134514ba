import { Link } from 'react-router';
import { Page } from './Page';

export function ForbiddenCreatePage() {
  return (
    <Page title="Creation not available">
      <p>
        Creating stories is not available for this account. You can still play stories and chat with
        characters.
      </p>
      <p>
        <Link to="/play">Play stories</Link>
      </p>
    </Page>
  );
}
