import type { JSX } from 'react';
import { SUPPORT_REPLY_WORKING_DAYS } from 'shared-kit';
import { PageHeader } from '../components/PageHeader';

/** `/account/guidelines`: the community guidelines, readable without an account. */
export function GuidelinesPage(): JSX.Element {
  return (
    <div className="acct-page">
      <PageHeader title="Community guidelines" />
      <section className="acct-card acct-prose">
        <p>Storyverse is a place to create and play stories together. To keep it that way:</p>
        <ul className="acct-list">
          <li>Be respectful. No harassment, hate or threats toward anyone, including through characters.</li>
          <li>Keep it legal and safe. No content that sexualises minors, promotes violence, self-harm or illegal acts.</li>
          <li>Create your own work. Don’t copy other creators’ stories or characters without permission.</li>
          <li>No spam, scams or misleading links.</li>
          <li>Label AI-generated content where asked, and don’t pass it off as real events or people.</li>
        </ul>
        <p>
          Every creation is reviewed before it is published. Content that breaks these rules is removed, and repeated
          or serious violations lead to suspension. You can appeal a decision once from your inbox, and report content
          from its menu; we reply within {SUPPORT_REPLY_WORKING_DAYS} working days.
        </p>
      </section>
    </div>
  );
}
