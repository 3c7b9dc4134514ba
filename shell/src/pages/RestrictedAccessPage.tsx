import { useSearchParams } from 'react-router';
import { useShellT } from '../i18n';
import { Page } from './Page';

/**
 * The address the region notice asks people to write to (spec §8: "contact the feedback address {email}"). The spec
 * gives no address; a deployment replaces this reserved-domain placeholder with its own.
 */
export const FEEDBACK_EMAIL = 'feedback@storyverse.example';

export function RestrictedAccessPage() {
  const { t } = useShellT();
  const [params] = useSearchParams();
  const withFeedback = params.get('feedback') === '1';
  return (
    <Page title={t('pages.restricted.title')}>
      <p>{t('pages.restricted.text')}</p>
      {withFeedback ? (
        <p>
          {t('pages.restricted.feedback')} <a href={`mailto:${FEEDBACK_EMAIL}`}>{FEEDBACK_EMAIL}</a>.
        </p>
      ) : null}
    </Page>
  );
}
