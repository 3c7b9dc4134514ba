import type { Page } from '@playwright/test';

/** The demo story the seed publishes on first start. */
export const DEMO_STORY = 'The Last Lamp of Gullrock';

/** The play screen's dialogue log. */
export const storyLog = (page: Page) => page.getByRole('log', { name: 'Story dialogue' });

/**
 * Samples, on every frame, the reply being written in the page's log: the lengths of its text as it grows (so a
 * test sees it streamed rather than appear whole), and whether the input said it was waiting for it meanwhile.
 * Resolves once a reply was seen and finished, or after `timeoutMs`.
 */
export function sampleReply(page: Page, timeoutMs: number): Promise<{ lengths: number[]; blocked: boolean }> {
  return page.evaluate(
    (limit) =>
      new Promise<{ lengths: number[]; blocked: boolean }>((resolve) => {
        const lengths: number[] = [];
        let blocked = false;
        let seenBusy = false;
        const started = performance.now();
        const tick = () => {
          const busy = document.querySelector<HTMLElement>('[role="log"] li[aria-busy="true"]');
          if (busy) {
            seenBusy = true;
            const length = busy.querySelector('[data-testid="bubble-text"]')?.textContent?.length ?? 0;
            if (lengths[lengths.length - 1] !== length) lengths.push(length);
            if (document.querySelector('.pl-composer__wait')?.textContent === 'Writing a reply…') blocked = true;
          }
          if ((seenBusy && !busy) || performance.now() - started > limit) resolve({ lengths, blocked });
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    timeoutMs,
  );
}
