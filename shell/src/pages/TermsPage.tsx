import { Page } from './Page';

export function TermsPage() {
  return (
    <Page title="Terms of Service">
      <section>
        <h2>Who may use Storyverse</h2>
        <p>
          You must be at least 18 years old to create an account. One account per person; keep your login to
          yourself.
        </p>
      </section>
      <section>
        <h2>Your stories and characters</h2>
        <p>
          You keep the rights to what you create. By publishing, you let Storyverse show, store and adapt your
          creation so players can play it and chat with its characters. You may unpublish or delete your
          creations at any time.
        </p>
      </section>
      <section>
        <h2>Content rules</h2>
        <p>
          Published creations pass a safety review. Content that is sexual involving minors, hateful, violent
          in a way that promotes harm, illegal, plagiarised or that harasses others is removed, and accounts
          that post it may be restricted or suspended. You can appeal a moderation decision once.
        </p>
      </section>
      <section>
        <h2>AI-generated content</h2>
        <p>
          Characters reply with text written by an AI model. Replies can be wrong or unexpected and do not
          reflect the views of Storyverse or the creator. AI-generated content is labelled as such.
        </p>
      </section>
      <section>
        <h2>Membership and limits</h2>
        <p>
          Free accounts have daily chat limits. A membership renews monthly until you cancel it; cancelling
          stops the next renewal and keeps the current month.
        </p>
      </section>
      <section>
        <h2>Ending your account</h2>
        <p>
          You can delete your account from the account menu. We may suspend accounts that break these terms.
          These terms may change; we will tell you before a change takes effect.
        </p>
      </section>
    </Page>
  );
}
