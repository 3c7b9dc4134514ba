import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Within this distance of the end the reader counts as reading the newest line. */
const AT_END_PX = 48;
/** Keys that scroll the page up when the focus is not in a text field. */
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

export interface ChatFollow {
  /** The reader scrolled up and something new came in below: offer to take them down. */
  unseen: boolean;
  /** Scrolls to the newest line and follows the conversation again (after a send, or from the New messages button). */
  toLatest: (smooth?: boolean) => void;
}

function page(): Element {
  return document.scrollingElement ?? document.documentElement;
}

function distanceToEnd(): number {
  const el = page();
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

function scrollToEnd(smooth: boolean): void {
  const el = page();
  if (smooth) window.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
  else el.scrollTop = el.scrollHeight;
}

/**
 * The height the on-screen keyboard (or any browser bar) covers at the bottom of the layout viewport: what the
 * visual viewport leaves out below itself. The play screen lifts its message box by it and pads the page so the
 * newest line ends above the box.
 */
function coveredBelow(): number {
  const vv = window.visualViewport;
  if (!vv) return 0;
  return Math.max(0, Math.round(window.innerHeight - vv.height - vv.offsetTop));
}

/**
 * Keeps the newest line and the message box in view while the conversation grows (a reply streaming in, the input
 * growing, buttons coming and going), on any screen and with the on-screen keyboard open, until the reader scrolls
 * up to read; then nothing moves under them, and `unseen` turns on when the conversation grows meanwhile.
 * Scrolling back to the end (or `toLatest`) follows again.
 *
 * `root` is the play screen: its size changes are what move the end. `news` changes whenever the conversation does
 * (a new line, a longer reply). The page itself scrolls (the host's header stays on top of it).
 */
export function useChatFollow(root: RefObject<HTMLElement | null>, news: string, active: boolean): ChatFollow {
  const following = useRef(true);
  const lastTop = useRef(0);
  const [unseen, setUnseen] = useState(false);

  const toLatest = useCallback((smooth = false) => {
    following.current = true;
    setUnseen(false);
    scrollToEnd(smooth);
  }, []);

  // The reader's own scrolling decides: up and away from the end stops following, back at the end follows again.
  // A wheel turned up, a finger on the screen or a key that scrolls up stops it at once, before the page has moved,
  // so a word arriving in between cannot pull the reader back down.
  useEffect(() => {
    if (!active) return;
    lastTop.current = page().scrollTop;
    const atEnd = () => {
      if (distanceToEnd() > AT_END_PX) return false;
      following.current = true;
      setUnseen(false);
      return true;
    };
    const onScroll = () => {
      const top = page().scrollTop;
      // Up by the reader (a page that got shorter is clamped to its very end instead: no reason to stop there).
      if (top < lastTop.current - 1 && distanceToEnd() > 1) following.current = false;
      // Down, back to the end.
      else if (top > lastTop.current) atEnd();
      lastTop.current = top;
    };
    const stop = () => {
      following.current = false;
    };
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) stop();
    };
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && (event.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName));
      if (!typing && UP_KEYS.has(event.key)) stop();
    };
    const onTouchEnd = () => void atEnd();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('wheel', onWheel, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    window.addEventListener('touchend', onTouchEnd, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('touchend', onTouchEnd);
      window.removeEventListener('keydown', onKey);
    };
  }, [active]);

  // Any change of the screen's size or of the viewport (the keyboard, a rotation) keeps a follower at the end.
  useEffect(() => {
    const el = root.current;
    if (!active || !el) return;
    const measure = () => el.style.setProperty('--player-covered', `${coveredBelow()}px`);
    const keepUp = () => {
      measure();
      if (following.current) scrollToEnd(false);
    };
    keepUp();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keepUp);
    observer?.observe(el);
    const vv = window.visualViewport;
    vv?.addEventListener('resize', keepUp);
    // Panning the visual viewport (over the keyboard) moves what it covers, not the conversation.
    vv?.addEventListener('scroll', measure);
    window.addEventListener('resize', keepUp);
    return () => {
      observer?.disconnect();
      vv?.removeEventListener('resize', keepUp);
      vv?.removeEventListener('scroll', measure);
      window.removeEventListener('resize', keepUp);
    };
  }, [root, active]);

  // Whatever the screen rendered (new words, buttons shown or hidden while a reply is written), a follower is taken
  // along before the frame is painted.
  useLayoutEffect(() => {
    if (active && following.current && distanceToEnd() > 0) scrollToEnd(false);
  });

  // New words below a reader further up: they are told.
  useLayoutEffect(() => {
    if (active && !following.current) setUnseen(true);
  }, [news, active]);

  return { unseen, toLatest };
}
