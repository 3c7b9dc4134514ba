import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Whether a violation counts: serious and critical ones, and every landmark rule whatever axe rates it (a second or
 * nested main, a main inside another landmark, two landmarks with the same name), since a page's landmarks are how a
 * screen reader's user moves around it and axe rates these rules only moderate.
 */
function counts(v: { id: string; impact?: string | null }): boolean {
  return v.impact === 'serious' || v.impact === 'critical' || v.id.startsWith('landmark-');
}

/**
 * Rules axe ships turned off that the product holds itself to: a control's accessible name contains its visible text
 * (WCAG 2.5.3, label in name), so a speech user can say what they see.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** The counted accessibility violations on the page as it is now, one line each: rule, impact, the first few elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).analyze();
  return results.violations
    .filter(counts)
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * The counted violations of each server-written page in `pages` (its path and level-1 heading) as the server wrote
 * it: the shell's code is refused, so nothing the browser runs changes what is audited. Keyed by path; empty when none.
 */
export async function serverPageViolations(page: Page, pages: ReadonlyArray<{ path: string; heading: string | RegExp }>): Promise<Record<string, string[]>> {
  await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
  const found: Record<string, string[]> = {};
  for (const p of pages) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
    const violations = await seriousViolations(page);
    if (violations.length) found[p.path] = violations;
  }
  return found;
}
