/** The legal texts in English (`shellLegal` namespace), fetched with the terms and privacy pages only. */
const legal = {
  terms: {
    title: 'Terms of Service',
    sections: {
      who: {
        title: 'Who may use Storyverse',
        text: 'You must be at least 18 years old to create an account. One account per person; keep your login to yourself.',
      },
      creations: {
        title: 'Your stories and characters',
        text: 'You keep the rights to what you create. By publishing, you let Storyverse show, store and adapt your creation so players can play it and chat with its characters. You may unpublish or delete your creations at any time.',
      },
      rules: {
        title: 'Content rules',
        text: 'Published creations pass a safety review. Content that is sexual involving minors, hateful, violent in a way that promotes harm, illegal, plagiarised or that harasses others is removed, and accounts that post it may be restricted or suspended. You can appeal a moderation decision once.',
      },
      ai: {
        title: 'AI-generated content',
        text: 'Characters reply with text written by an AI model. Replies can be wrong or unexpected and do not reflect the views of Storyverse or the creator. AI-generated content is labelled as such.',
      },
      membership: {
        title: 'Membership and limits',
        text: 'Free accounts have daily chat limits. A membership renews monthly until you cancel it; cancelling stops the next renewal and keeps the current month.',
      },
      ending: {
        title: 'Ending your account',
        text: 'You can delete your account from the account menu. We may suspend accounts that break these terms. These terms may change; we will tell you before a change takes effect.',
      },
    },
  },
  privacy: {
    title: 'Privacy Policy',
    sections: {
      collect: {
        title: 'What we collect',
        text: 'Your phone number or linked account to sign you in, the profile you fill in (nickname, user ID, avatar), the stories and characters you create, your chats with characters, and basic device data (platform, language, screen size, app version) needed to run the service.',
      },
      use: {
        title: 'How we use it',
        text: 'To run and secure the service, to review published content for safety, to generate character replies, to enforce daily limits, and to fix errors. We do not sell your personal data.',
      },
      see: {
        title: 'Who sees it',
        text: 'Published creations and your public profile are visible to other users. Chats are private to you; the text of a chat is sent to the AI model provider that writes the replies. Service providers process data only on our behalf.',
      },
      choices: {
        title: 'Your choices',
        text: 'You can edit your profile, delete creations, block users, and delete your account. Deleting your account removes your profile, creations and chats; the latest chat turns may be kept briefly to check the deletion request.',
      },
      contact: {
        title: 'Contact',
        text: 'Questions about your data can be sent through Feedback in the app; we reply within 5 working days.',
      },
    },
  },
} as const;

export default legal;
export type LegalCopy = typeof legal;
