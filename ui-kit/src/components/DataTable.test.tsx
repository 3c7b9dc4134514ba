import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DataTable, ListState, type Column } from '../index';

interface Row {
  id: string;
  name: string;
  count: number;
}

const rows: Row[] = [
  { id: 'a', name: 'Harbour lights', count: 12 },
  { id: 'b', name: 'Quarry rim', count: 3 },
  { id: 'c', name: 'Salt road', count: 1 },
];
const columns: Array<Column<Row>> = [
  { key: 'name', header: 'Story', rowHeader: true, cell: (r) => r.name },
  { key: 'count', header: 'Reports', numeric: true, sortable: true, cell: (r) => r.count },
];

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <DataTable<Row>
      label="Reported content"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      status="ready"
      emptyTitle="Nothing reported"
      {...props}
    />,
  );
}

describe('DataTable states', () => {
  it('while loading: the header, skeleton rows hidden from screen readers, and one loading announcement', () => {
    table({ status: 'loading', rows: [], skeletonRows: 4 });
    const grid = screen.getByRole('table', { name: 'Reported content' });
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Story', 'Reports']);
    const skeletons = grid.querySelectorAll('tbody tr');
    expect(skeletons).toHaveLength(4);
    for (const tr of skeletons) expect(tr.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('on an error: an alert with the message and a retry button that asks again', () => {
    const retry = jest.fn();
    table({ status: 'error', rows: [], errorText: 'The list could not be loaded.', onRetry: retry });
    expect(screen.queryByRole('table')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('when empty: the empty state instead of a table', () => {
    table({ rows: [], emptyDescription: 'Reports land here.' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Nothing reported')).toBeTruthy();
    expect(screen.getByText('Reports land here.')).toBeTruthy();
  });

  it('when ready: a row per item, named by its row header, figures right-aligned', () => {
    table();
    const grid = screen.getByRole('table', { name: 'Reported content' });
    expect(grid.getAttribute('aria-busy')).toBeNull();
    expect(within(grid).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Harbour lights', 'Quarry rim', 'Salt road']);
    const counts = within(grid).getAllByRole('cell');
    expect(counts.map((c) => c.textContent)).toEqual(['12', '3', '1']);
    for (const c of counts) expect(c.className).toContain('ui-table__num');
    expect(within(grid).getAllByRole('columnheader')[1]!.className).toContain('ui-table__num');
  });

  it('sorts where the api sorts: the header is a button and says how the column is sorted', () => {
    const onSort = jest.fn();
    table({ sort: { key: 'count', direction: 'descending' }, onSort });
    const header = screen.getByRole('columnheader', { name: /Reports/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Story' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header).getByRole('button', { name: /Reports/ }));
    expect(onSort).toHaveBeenCalledWith('count');
  });

  it('rows take keyboard focus one at a time: arrows move, Enter opens, a click opens', () => {
    const onOpen = jest.fn();
    table({ onOpen });
    const [first, second, third] = screen.getAllByRole('row').slice(1);
    expect([first, second, third].map((r) => r!.tabIndex)).toEqual([0, -1, -1]);
    first!.focus();
    fireEvent.keyDown(first!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'End' });
    expect(document.activeElement).toBe(third);
    expect(third!.tabIndex).toBe(0);
    fireEvent.keyDown(third!, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(rows[2]);
    fireEvent.click(within(first!).getByRole('rowheader'));
    expect(onOpen).toHaveBeenLastCalledWith(rows[0]);
  });

  it('loads more while the api has more, and says so when the next page fails', async () => {
    const onMore = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('offline'));
    table({ hasMore: true, onMore, footnote: 'Times in UTC' });
    expect(screen.getByText('Times in UTC')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(onMore).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Load more' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The next page could not be loaded. Try again.');
  });
});

describe('ListState', () => {
  it('shows its children only when ready and not empty', () => {
    const { rerender } = render(
      <ListState status="loading" empty={false} emptyTitle="No appeals">
        <p>Appeal list</p>
      </ListState>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('Appeal list')).toBeNull();
    rerender(
      <ListState status="ready" empty emptyTitle="No appeals">
        <p>Appeal list</p>
      </ListState>,
    );
    expect(screen.getByText('No appeals')).toBeTruthy();
    rerender(
      <ListState status="ready" empty={false} emptyTitle="No appeals">
        <p>Appeal list</p>
      </ListState>,
    );
    expect(screen.getByText('Appeal list')).toBeTruthy();
  });
});
