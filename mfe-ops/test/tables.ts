import { screen, waitFor } from '@testing-library/react';

/** The kit table named `name` once its rows are in (while loading it shows skeleton rows and is aria-busy). */
export function findReadyTable(name: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const table = screen.getByRole('table', { name });
    if (table.getAttribute('aria-busy') === 'true') throw new Error(`the table ${String(name)} is still loading`);
    return table;
  });
}
