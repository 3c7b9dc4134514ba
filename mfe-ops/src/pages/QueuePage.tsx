import type { JSX } from 'react';

const COLUMNS = ['Item', 'Type', 'Submitted', 'Status'] as const;

/** The moderation queue; it is empty until the review API feeds it. */
export function QueuePage(): JSX.Element {
  return (
    <main>
      <h1>Moderation</h1>
      <table aria-label="Review queue">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={COLUMNS.length}>No items to review</td>
          </tr>
        </tbody>
      </table>
    </main>
  );
}
