import { Page } from './Page';

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy">
      <section>
        <h2>What we collect</h2>
        <p>
          Your phone number or linked account to sign you in, the profile you fill in (nickname, user ID,
          avatar), the stories and characters you create, your chats with characters, and basic device data
          (platform, language, screen size, app version) needed to run the service.
        </p>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          To run and secure the service, to review published content for safety, to generate character
          replies, to enforce daily limits, and to fix errors. We do not sell your personal data.
        </p>
      </section>
      <section>
        <h2>Who sees it</h2>
        <p>
          Published creations and your public profile are visible to other users. Chats are private to you;
          the text of a chat is sent to the AI model provider that writes the replies. Service providers
          process data only on our behalf.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can edit your profile, delete creations, block users, and delete your account. Deleting your
          account removes your profile, creations and chats; the latest chat turns may be kept briefly to
          check the deletion request.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions about your data can be sent through Feedback in the app; we reply within 5 working days.
        </p>
      </section>
    </Page>
  );
}
