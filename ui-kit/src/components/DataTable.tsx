import {
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type RefObject,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { EmptyState } from './Display';
import { Skeleton } from './Spinner';
import { cx } from './cx';

/** Where a list stands: loading its first page, failed, or ready (with or without rows). */
export type ListStatus = 'loading' | 'error' | 'ready';

export interface ListStateProps {
  status: ListStatus;
  /** Whether the ready list has nothing in it. */
  empty: boolean;
  emptyTitle: ReactNode;
  emptyDescription?: ReactNode;
  /** Shown while loading (default: skeleton lines). */
  loading?: ReactNode;
  /** What went wrong (default: the kit's "Page temporarily unavailable"). */
  errorText?: ReactNode;
  onRetry?: () => void;
  children?: ReactNode;
}

/**
 * The states every list page goes through, in one frame: loading (announced once, placeholder lines shown), an error
 * with a retry button, the empty state, and the list itself.
 */
export function ListState({
  status,
  empty,
  emptyTitle,
  emptyDescription,
  loading,
  errorText,
  onRetry,
  children,
}: ListStateProps) {
  const { t } = useTranslation('common');
  if (status === 'loading') {
    return (
      <div className="ui-list-state" aria-busy="true">
        <span className="ui-visually-hidden" role="status" aria-label={t('loading')}>
          {t('loading')}
        </span>
        {loading ?? (
          <div className="ui-list-state__lines">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} width="100%" height={20} />
            ))}
          </div>
        )}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="ui-list-state ui-list-state--error" role="alert">
        <p className="ui-list-state__message">{errorText ?? t('pageUnavailable')}</p>
        {onRetry && (
          <Button variant="primary" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </div>
    );
  }
  if (empty) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return <>{children}</>;
}

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned with digits of one width. */
  numeric?: boolean;
  /** The cell names its row (a `th` with row scope): the story, the person. */
  rowHeader?: boolean;
  /** The api sorts by this column: its header is a button. */
  sortable?: boolean;
  /** Kept narrow (dates, counts, actions): the column does not wrap. */
  nowrap?: boolean;
}

export interface TableSort {
  key: string;
  direction: 'ascending' | 'descending';
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  status: ListStatus;
  emptyTitle: ReactNode;
  emptyDescription?: ReactNode;
  errorText?: ReactNode;
  onRetry?: () => void;
  /** Opens a row (a click on it, or Enter while it has focus); rows take keyboard focus when set. */
  onOpen?: (row: Row) => void;
  sort?: TableSort;
  onSort?: (key: string) => void;
  /** The api has another page: a "load more" button under the table. */
  hasMore?: boolean;
  onMore?: () => Promise<void> | void;
  /** Below the table: the time zone its dates are in, a count. */
  footnote?: ReactNode;
  /** Extra attributes per row (data-* for tests and styles). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  skeletonRows?: number;
  className?: string;
}

/** The controls inside a row that keep their own clicks and keys. */
const CONTROLS = 'a, button, input, textarea, select, [role="combobox"]';

/**
 * Whether the element is wider inside than it shows (a table scrolled sideways in a narrow window), kept up to date as
 * it resizes: such a region must take keyboard focus so it can be scrolled without a mouse.
 */
function useScrolls(watch: unknown): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [watch]);
  return [ref, scrolls];
}

/** Whether a key press inside a row came from a control of its own (a link, a button, a field), which keeps it. */
function fromControl(e: KeyboardEvent<HTMLTableRowElement>): boolean {
  return e.target !== e.currentTarget && (e.target as HTMLElement).closest(CONTROLS) !== null;
}

/**
 * The product's data table: a sticky header, figures right-aligned, sortable headers where the api sorts, rows that
 * highlight on hover and take keyboard focus (arrows move, Enter opens), skeleton rows while the first page loads,
 * the empty and error-with-retry states, and "load more" while the api has more.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    columns,
    rows,
    rowKey,
    status,
    onOpen,
    sort,
    onSort,
    hasMore,
    onMore,
    footnote,
    rowProps,
    skeletonRows = 5,
    className,
  } = props;
  const { t } = useTranslation('common');
  const [active, setActive] = useState(0);
  const [more, setMore] = useState<'idle' | 'busy' | 'error'>('idle');
  const body = useRef<HTMLTableSectionElement>(null);
  const [wrap, scrolls] = useScrolls(`${status}:${rows.length}`);
  const scrollable = scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {};
  const focusRow = (i: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, i));
    setActive(next);
    body.current?.querySelectorAll<HTMLTableRowElement>('tr')[next]?.focus();
  };

  async function loadMore(): Promise<void> {
    if (!onMore) return;
    setMore('busy');
    try {
      await onMore();
      setMore('idle');
    } catch {
      setMore('error');
    }
  }

  const head = (
    <thead>
      <tr>
        {columns.map((c) => {
          const sorted = sort?.key === c.key ? sort.direction : undefined;
          return (
            <th
              key={c.key}
              scope="col"
              className={cx(c.numeric && 'ui-table__num')}
              aria-sort={c.sortable ? (sorted ?? 'none') : undefined}
            >
              {c.sortable && onSort ? (
                <button type="button" className="ui-table__sort" onClick={() => onSort(c.key)}>
                  {c.header}
                  <span aria-hidden="true" className="ui-table__arrow">
                    {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                  </span>
                </button>
              ) : (
                c.header
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );

  if (status === 'loading') {
    return (
      <div className={cx('ui-table-wrap', className)}>
        <span className="ui-visually-hidden" role="status" aria-label={t('loading')}>
          {t('loading')}
        </span>
        <table className="ui-table" aria-label={label} aria-busy="true">
          {head}
          <tbody>
            {Array.from({ length: skeletonRows }, (_, i) => (
              <tr key={i} className="ui-table__skeleton" aria-hidden="true">
                {columns.map((c) => (
                  <td key={c.key}>
                    <Skeleton width={c.numeric ? '3ch' : '80%'} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  if (status === 'error' || rows.length === 0) {
    return (
      <ListState
        status={status}
        empty
        emptyTitle={props.emptyTitle}
        emptyDescription={props.emptyDescription}
        errorText={props.errorText}
        onRetry={props.onRetry}
      />
    );
  }

  const current = Math.min(active, rows.length - 1);
  return (
    <div className={cx('ui-table-wrap', className)}>
      <div className="ui-table-scroll" ref={wrap} {...scrollable}>
        <table className={cx('ui-table', onOpen && 'ui-table--open')} aria-label={label}>
          {head}
          <tbody ref={body}>
            {rows.map((row, i) => {
              const extra = rowProps?.(row) ?? {};
              const keys = onOpen
                ? {
                    tabIndex: i === current ? 0 : -1,
                    onFocus: () => setActive(i),
                    onClick: (e: MouseEvent<HTMLTableRowElement>) => {
                      // A link or button in the row does its own thing.
                      if ((e.target as HTMLElement).closest(CONTROLS)) return;
                      onOpen(row);
                    },
                    onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
                      if (fromControl(e)) return;
                      if (e.key === 'Enter') onOpen(row);
                      else if (e.key === 'ArrowDown') focusRow(i + 1);
                      else if (e.key === 'ArrowUp') focusRow(i - 1);
                      else if (e.key === 'Home') focusRow(0);
                      else if (e.key === 'End') focusRow(rows.length - 1);
                      else return;
                      e.preventDefault();
                    },
                  }
                : {};
              return (
                <tr key={rowKey(row)} {...extra} {...keys}>
                  {columns.map((c) =>
                    c.rowHeader ? (
                      <th
                        key={c.key}
                        scope="row"
                        className={cx(c.numeric && 'ui-table__num', c.nowrap && 'ui-table__nowrap')}
                      >
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={c.key}
                        className={cx(c.numeric && 'ui-table__num', c.nowrap && 'ui-table__nowrap')}
                      >
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {(footnote || hasMore) && (
        <div className="ui-table__foot">
          {footnote ? <p className="ui-table__footnote">{footnote}</p> : <span />}
          {hasMore && onMore && (
            <Button
              onClick={() => void loadMore()}
              disabled={more === 'busy'}
              aria-busy={more === 'busy' || undefined}
            >
              {t('loadMore')}
            </Button>
          )}
        </div>
      )}
      {more === 'error' && (
        <p role="alert" className="ui-table__more-error">
          {t('loadMoreFailed')}
        </p>
      )}
    </div>
  );
}
