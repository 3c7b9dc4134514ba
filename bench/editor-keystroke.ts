// Keystroke-to-paint of the story editor with 100 chapters open: `npx tsx bench/editor-keystroke.ts`.
//
// Method: mfe-editor is built (only if its dist is missing or stale) and served standalone from its dist, the files
// `npm start` serves. Chromium (playwright-core, the system browser) opens /editor/story/1; every /api call is
// answered in the page by Playwright with a fixed story of 100 chapters of 3,000 characters each (the spec maxima) plus two characters,
// so the figure is the editor's, not the api's. The caret goes to the end of chapter 50's content and N keys are
// pressed one at a time. For each key, a capturing keydown listener in the page takes the event's own timestamp,
// then waits for the next animation frame after the DOM update and a task after it (the frame has then been
// painted); the difference is one sample. The next key is pressed only after the sample is in.
// The same method on a plain textarea alone on a page, in the same browser and run, is measured beside it: the part of
// the figure that waiting for the next frame costs any page (up to a frame at 60 Hz). The target judges what the
// editor adds over that textarea, at p50 and at p99: the absolute figures depend on the machine and its load.
// Options: KEYSTROKES (default 100), TARGET_MS (default 2: the editor's added time at p50 and p99), EDITOR_DIST (another
// build of the editor to serve, see support/editorPage.ts).
import type { Browser, Page } from 'playwright-core';
import { benchChapter, benchStory, fakeEditorApi, startEditorBench } from './support/editorPage';

const KEYSTROKES = Number(process.env.KEYSTROKES ?? 100);
const TARGET_MS = Number(process.env.TARGET_MS ?? 2);
const CHAPTERS = 100;
const CHAPTER_TEXT = 3000;
const TYPE_INTO = 50;

const chapterText = (i: number) =>
  `Chapter ${i} opens at the harbour. @{character_c1} waits by the lamp while @{player} climbs. `.repeat(40).slice(0, CHAPTER_TEXT);

const story = () => benchStory(Array.from({ length: CHAPTERS }, (_, i) => benchChapter(i + 1, chapterText(i + 1))));

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/** Presses KEYSTROKES keys into the focused field of `page`, one at a time; one keystroke-to-paint sample each. */
async function keystrokes(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __samples: number[] };
    w.__samples = [];
    document.addEventListener(
      'keydown',
      (e) => {
        const t0 = e.timeStamp;
        // The input event and React's update run after keydown; the frame after them is the one that shows the key.
        requestAnimationFrame(() => setTimeout(() => w.__samples.push(performance.now() - t0), 0));
      },
      true,
    );
  });
  const keys = 'abcdefghijklmnopqrstuvwxyz ';
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(keys[i % keys.length] === ' ' ? 'Space' : (keys[i % keys.length] as string));
    await page.waitForFunction((n) => (window as unknown as { __samples: number[] }).__samples.length >= n, i + 1);
  }
  return page.evaluate(() => (window as unknown as { __samples: number[] }).__samples);
}

/** The same method on a plain textarea alone on a page holding `text`, the caret at its end; sorted samples. */
async function plainTextarea(browser: Browser, text: string): Promise<number[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.setContent('<textarea aria-label="plain" style="width:600px;height:200px"></textarea>');
  const box = page.getByRole('textbox', { name: 'plain' });
  await box.fill(text);
  await box.click();
  await page.keyboard.press('Control+End');
  const samples = [...(await keystrokes(page))].sort((a, b) => a - b);
  await page.close();
  return samples;
}

async function main(): Promise<void> {
  const { base, browser, close } = await startEditorBench();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await fakeEditorApi(page, story());
    await page.goto(`${base}/editor/story/1`);
    const box = page.getByRole('textbox', { name: `Chapter ${TYPE_INTO} content` });
    await box.waitFor();
    const chapters = await page.getByRole('article', { name: /^Chapter \d+$/ }).count();
    if (chapters !== CHAPTERS) throw new Error(`expected ${CHAPTERS} chapters on the page, found ${chapters}`);

    await box.scrollIntoViewIfNeeded();
    await box.click();
    await page.keyboard.press('End');
    const samples = await keystrokes(page);
    const typed = await box.textContent();
    if (!typed?.includes('abcdefghij')) throw new Error('the typed text did not reach the chapter');

    const plain = await plainTextarea(browser, '');
    const plainFull = await plainTextarea(browser, chapterText(TYPE_INTO));

    const sorted = [...samples].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    console.log(`editor keystroke-to-paint, ${CHAPTERS} chapters of ${CHAPTER_TEXT} characters, typing in chapter ${TYPE_INTO}`);
    console.log(`  keystrokes: ${samples.length}`);
    console.log(`  p50: ${p50.toFixed(1)} ms`);
    console.log(`  p99: ${p99.toFixed(1)} ms`);
    console.log(`  max: ${(sorted[sorted.length - 1] ?? Number.NaN).toFixed(1)} ms`);
    const plainP50 = percentile(plain, 50);
    const plainP99 = percentile(plain, 99);
    console.log(`  a plain textarea alone, same method: p50 ${plainP50.toFixed(1)} ms, p99 ${plainP99.toFixed(1)} ms`);
    console.log(`  a plain textarea holding the chapter's ${CHAPTER_TEXT} characters: p50 ${percentile(plainFull, 50).toFixed(1)} ms, p99 ${percentile(plainFull, 99).toFixed(1)} ms`);
    const added50 = p50 - plainP50;
    const added99 = p99 - plainP99;
    const met = added50 <= TARGET_MS && added99 <= TARGET_MS;
    console.log(`  added by the editor: p50 ${added50.toFixed(1)} ms, p99 ${added99.toFixed(1)} ms`);
    console.log(`  target: the editor adds at most ${TARGET_MS} ms at p50 and p99 -> ${met ? 'PASS' : 'FAIL'}`);
    if (!met) process.exitCode = 1;
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
