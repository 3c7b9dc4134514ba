import { useId, useState, type JSX } from 'react';

const TABS = [
  { key: 'for-you', label: 'For you', empty: 'No stories to show yet.' },
  { key: 'recent', label: 'Recently played', empty: 'You have not played any story recently.' },
  { key: 'history', label: 'History', empty: 'Your play history is empty.' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

/** The player's feed: three tabs, each with its empty state until the feed API is connected. */
export function FeedPage(): JSX.Element {
  const [active, setActive] = useState<TabKey>('for-you');
  const baseId = useId();
  const current = TABS.find((t) => t.key === active) ?? TABS[0];
  return (
    <main>
      <h1>Stories</h1>
      <div role="tablist" aria-label="Feed">
        {TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${baseId}-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${baseId}-panel`}
            onClick={() => setActive(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${current.key}`}>
        <p>{current.empty}</p>
      </section>
    </main>
  );
}
