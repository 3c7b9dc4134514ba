import { useSearchParams } from 'react-router';
import { Page } from './Page';

/**
 * The address the region notice asks people to write to (spec §8: "contact the feedback address {email}"). The spec
 * gives no address; a deployment replaces this reserved-domain placeholder with its own.
 */
export const FEEDBACK_EMAIL = 'feedback@storyverse.example';

export function RestrictedAccessPage() {
  const [params] = useSearchParams();
  const withFeedback = params.get('feedback') === '1';
  return (
    <Page title="Not available in your region">
      <p>This service is unavailable due to region restriction.</p>
      {withFeedback ? (
        <p>
          If you think this is a mistake, contact the feedback address{' '}
          <a href={`mailto:${FEEDBACK_EMAIL}`}>{FEEDBACK_EMAIL}</a>.
        </p>
      ) : null}
    </Page>
  );
}
