import { defaultRangeExtractor, useWindowVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';

/** A row's height before it is measured: about a short reply's bubble with its name. */
const ESTIMATED_ROW_PX = 88;
/** Rows kept rendered beyond each edge of the screen, so a fast scroll or a screen reader's cursor finds them. */
const OVERSCAN_ROWS = 8;
/** The space between rows, and above the first and below the last. */
export const ROW_GAP_PX = 10;
const EDGE_PX = 8;

export interface LogWindow {
  virtualizer: Virtualizer<Window, HTMLLIElement>;
  /** The list's top in the page: rows are placed from it. */
  listTop: number;
  /**
   * The index of the focused row when it is away from the rows near the screen (else -1): it is rendered too, on
   * its own, so the focus stays where it is wherever the page scrolls.
   */
  kept: number;
  /** The row whose element (or a dialog it opened) holds the focus. */
  onRowFocus: (event: FocusEvent<HTMLLIElement>) => void;
  onRowBlur: (event: FocusEvent<HTMLLIElement>) => void;
}

/** How far the page is scrolled from its end. */
function pageEndDistance(): number {
  const el = document.scrollingElement ?? document.documentElement;
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/** The list's top in the page, in CSS pixels from the top of the document. */
function topInPage(el: HTMLElement): number {
  return Math.round(el.getBoundingClientRect().top + window.scrollY);
}

/**
 * The log's window over its rows: only the rows near the screen are rendered, each measured as it is, the page itself
 * scrolling (the play screen's header and message box stay on it). Rows are keyed by dialogue id, and anchored to the
 * end as a chat is: earlier rows put in above leave the rows on screen where they were, and a row growing at the end
 * (a reply being written) keeps a reader at the end there.
 *
 * `list` is the list element; its top in the page is followed as what is above it (the objective, a notice, the
 * earlier-messages button) changes.
 */
export function useLogWindow(ids: readonly string[], list: RefObject<HTMLOListElement | null>): LogWindow {
  const [listTop, setListTop] = useState(0);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const focused = useRef<string | null>(null);
  const kept = useRef(-1);
  // Earlier rows just put in above the first one: this render keeps the rows on screen where they were.
  const shownFirst = useRef<string | undefined>(undefined);
  const prepended = shownFirst.current !== undefined && ids[0] !== shownFirst.current && ids.indexOf(shownFirst.current) > 0;
  useLayoutEffect(() => {
    shownFirst.current = ids[0];
  });

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => {
      const top = topInPage(el);
      setListTop((current) => (Math.abs(current - top) >= 1 ? top : current));
    };
    measure();
    // Whatever above the list changes size changes the page's.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [list]);

  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const at = focused.current === null ? -1 : idsRef.current.indexOf(focused.current);
    kept.current = -1;
    if (at >= 0 && at < range.count && !indexes.includes(at)) {
      kept.current = at;
      indexes.push(at);
      indexes.sort((a, b) => a - b);
    }
    return indexes;
  }, []);

  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: ids.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => idsRef.current[index] ?? index,
    overscan: OVERSCAN_ROWS,
    gap: ROW_GAP_PX,
    paddingStart: EDGE_PX,
    paddingEnd: EDGE_PX,
    scrollMargin: listTop,
    // Anchored to the rows on screen when earlier ones arrive above; new rows at the end and a row growing there are
    // the follow's (useChatFollow): it keeps a reader at the end, and leaves one who scrolled up where they are.
    anchorTo: prepended ? 'end' : 'start',
    rangeExtractor,
  });
  // A row above the screen that changes size (first measured, or its buttons come and go) keeps what is on screen
  // in place, except at the very end of the page: there the page's end stays where it is (the browser keeps the
  // reader there as the page shrinks, the follow as it grows), which moving the page by the change would undo.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) => {
    if (pageEndDistance() <= 1) return false;
    const offset = instance.scrollOffset ?? 0;
    if (!instance.itemSizeCache.has(item.key)) return item.start < offset;
    return item.end <= offset && instance.scrollDirection !== 'backward';
  };

  const onRowFocus = useCallback((event: FocusEvent<HTMLLIElement>) => {
    focused.current = event.currentTarget.dataset.key ?? null;
  }, []);
  const onRowBlur = useCallback((event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) focused.current = null;
  }, []);

  const items = virtualizer.getVirtualItems();
  return { virtualizer, listTop, kept: items.some((i) => i.index === kept.current) ? kept.current : -1, onRowFocus, onRowBlur };
}
