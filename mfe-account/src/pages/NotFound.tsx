import type { JSX } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useAccountPath } from '../components/paths';

export function NotFound(): JSX.Element {
  return (
    <div className="acct-page">
      <PageHeader title="Page not found" back={false} />
      <p>
        This account page does not exist. <Link to={useAccountPath()}>Go to your account</Link>
      </p>
    </div>
  );
}
