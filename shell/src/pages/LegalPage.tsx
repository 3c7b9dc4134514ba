import { useTranslation } from 'ui-kit';
import { LEGAL_NS } from '../i18n';
import { Page } from './Page';

/** A legal text of the legal namespace: a title and its sections, each a heading and a paragraph. */
function LegalPage({ doc, sections }: { doc: 'terms' | 'privacy'; sections: readonly string[] }) {
  const { t } = useTranslation(LEGAL_NS);
  return (
    <Page title={t(`${doc}.title`)}>
      {sections.map((key) => (
        <section key={key}>
          <h2>{t(`${doc}.sections.${key}.title`)}</h2>
          <p>{t(`${doc}.sections.${key}.text`)}</p>
        </section>
      ))}
    </Page>
  );
}

export function TermsPage() {
  return <LegalPage doc="terms" sections={['who', 'creations', 'rules', 'ai', 'membership', 'ending']} />;
}

export function PrivacyPage() {
  return <LegalPage doc="privacy" sections={['collect', 'use', 'see', 'choices', 'contact']} />;
}
