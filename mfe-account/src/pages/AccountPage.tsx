import type { JSX } from 'react';

/** What each part of the account area will hold (spec: login steps, profile, settings, membership, inbox, youth mode). */
const SECTIONS = [
  { title: 'Profile', comes: 'Your nickname, User ID, drafts and published stories.' },
  { title: 'Settings', comes: 'Account, feedback, community guidelines, privacy, terms and permissions.' },
  { title: 'Membership', comes: 'The monthly plan, its renewal and your order history.' },
  { title: 'Inbox', comes: 'Review results, appeal and report results, and system notices.' },
  { title: 'Youth mode', comes: 'A mode for minors that blocks creating and commenting.' },
] as const;

/** The account area's overview; every section says what it will hold and that it is not available yet. */
export function AccountPage(): JSX.Element {
  return (
    <main>
      <h1>Account</h1>
      {SECTIONS.map((s) => (
        <section key={s.title} aria-label={s.title}>
          <h2>{s.title}</h2>
          <p>{s.comes}</p>
          <p>Not available yet.</p>
        </section>
      ))}
    </main>
  );
}
