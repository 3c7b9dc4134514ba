// Keystroke-to-paint of the story editor with 100 chapters open: `npx tsx bench/editor-keystroke.ts`.
//
// Method: mfe-editor is built (only if its dist is missing or stale) and served standalone from its dist, the files
// `npm start` serves. Chromium (playwright-core, the system browser) opens /editor/story/1; every /api call is
// answered in the page by Playwright with a fixed story of 100 chapters of 3,000 characters each (the spec maxima) plus
// two characters, so the figure is the editor's, not the api's. The caret goes to the end of chapter 50's content and
// keys are pressed one at a time; the same is done, in the same browser and run, on a plain textarea alone on a page,
// empty and holding the chapter's 3,000 characters.
//
// Keystroke-to-paint (printed, not judged): for each of KEYSTROKES keys, a capturing keydown listener takes the event's
// own timestamp, then waits for the next animation frame after the DOM update and a task after it (the frame has then
// been painted). Frames come every 16.7 ms and each key is pressed just after the previous sample's frame, so a key's
// work either fits before the next frame and costs nothing here, or misses it and costs a whole frame: the difference
// between the editor and a textarea is a few keys crossing that line, and the same build gave anything from -3 to
// +9 ms at p50 from one run to the next. It cannot judge a 2 ms target.
//
// The target (the issue's: what the editor adds over a plain textarea, at most 2 ms at p50 and at p99) is judged on
// what the frames quantise: the main thread's work on each key's path to its paint. CPU_KEYSTROKES more keys are typed
// the same way under a Chromium trace; for each key, the thread time (not wall time, so the machine's load moves it
// little) of every renderer main-thread task from the one handling its keydown to the first frame after its
// character, inclusive: the text's insertion, the input event and the page's script on it, anything the page runs
// before the frame, and that frame's script callbacks, style, layout, paint and layers. On an idle main thread a key's
// time to paint is that work plus a wait for the next frame which does not depend on the page, so the editor's p50 and
// p99 of it less the textarea's (the one holding the same text: the text's length is not what the editor adds) is
// what the editor adds. The CPU per keystroke of every task, with the key's event and the frames' rendering apart, is
// printed too.
// Options: KEYSTROKES (default 100), CPU_KEYSTROKES (default 100), TARGET_MS (default 2: the editor's added time at p50
// and p99), EDITOR_DIST (another build of the editor to serve, see support/editorPage.ts).
import type { Browser, Page } from 'playwright-core';
import { benchChapter, benchStory, fakeEditorApi, startEditorBench } from './support/editorPage';

const KEYSTROKES = Number(process.env.KEYSTROKES ?? 100);
const TARGET_MS = Number(process.env.TARGET_MS ?? 2);
const CPU_KEYSTROKES = Number(process.env.CPU_KEYSTROKES ?? 100);
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

/** Presses `count` keys into the focused field of `page`, one at a time; one keystroke-to-paint sample each. */
async function keystrokes(page: Page, count = KEYSTROKES): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __samples: number[]; __listening?: boolean };
    w.__samples = [];
    if (w.__listening) return;
    w.__listening = true;
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
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(keys[i % keys.length] === ' ' ? 'Space' : (keys[i % keys.length] as string));
    await page.waitForFunction((n) => (window as unknown as { __samples: number[] }).__samples.length >= n, i + 1);
  }
  return page.evaluate(() => (window as unknown as { __samples: number[] }).__samples);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

interface KeyCpu {
  /** Every main-thread task. */
  total: number;
  /** The key's own event: the text's insertion, the input event and what the page's script does on it. */
  key: number;
  /** The frames' style, layout, paint and layers. */
  frame: number;
  /**
   * Per key, sorted: the thread time on the key's path to the frame that shows it, which is every task from the one
   * handling its keydown to the first frame after its character, inclusive (the text's insertion, the input event and
   * the page's script on it, whatever the page runs before the frame, then the frame's script callbacks, style,
   * layout, paint and layers).
   */
  path: number[];
}

interface Task {
  time: number;
  keydown: boolean;
  keypress: boolean;
  frame: boolean;
}

/**
 * The page's main-thread CPU time per keystroke, over CPU_KEYSTROKES more keys typed the same way under a Chromium
 * trace: the thread time (not wall time, so the machine's load moves it little) of the renderer's main-thread tasks,
 * divided by the keys; within it, the key's event (keypress) and the frames' rendering; and per key, its path to the
 * paint.
 */
async function cpuPerKey(browser: Browser, page: Page): Promise<KeyCpu> {
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'devtools.timeline', 'blink'] });
  await keystrokes(page, CPU_KEYSTROKES);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = new Set(
    trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const events = trace.traceEvents.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const cpu = { total: 0, key: 0, frame: 0 };
  // Top-level tasks only: a task run inside another (a nested loop) is in its parent's time already.
  const tasks: Task[] = [];
  let end = 0;
  for (const e of events) {
    const time = e.tdur ?? e.dur ?? 0;
    const type = e.name === 'EventDispatch' ? e.args?.data?.type : undefined;
    if (type === 'keypress') cpu.key += time;
    else if (e.name === 'WebFrameWidgetImpl::UpdateLifecycle') cpu.frame += time;
    else if (e.name === 'RunTask' && e.ts >= end) {
      end = e.ts + (e.dur ?? 0);
      cpu.total += time;
      tasks.push({ time, keydown: false, keypress: false, frame: false });
      continue;
    }
    const task = tasks[tasks.length - 1];
    if (!task || e.ts >= end) continue;
    if (type === 'keydown') task.keydown = true;
    else if (type === 'keypress') task.keypress = true;
    else if (e.name === 'WebFrameWidgetImpl::UpdateLifecycle') task.frame = true;
  }
  // A key's path: every task from the one handling its keydown to the first frame after its character, inclusive.
  const path: number[] = [];
  let from = -1;
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i] as Task;
    if (task.keydown) from = i;
    if (!task.keypress || from < 0) continue;
    const frame = tasks.findIndex((t, j) => j > i && t.frame);
    if (frame < 0) continue;
    path.push(tasks.slice(from, frame + 1).reduce((sum, t) => sum + t.time, 0) / 1000);
    from = -1;
  }
  if (path.length < CPU_KEYSTROKES * 0.9) throw new Error(`the trace shows ${path.length} of ${CPU_KEYSTROKES} keys and their frames`);
  const n = CPU_KEYSTROKES * 1000;
  return { total: cpu.total / n, key: cpu.key / n, frame: cpu.frame / n, path: path.sort((a, b) => a - b) };
}

/**
 * The same method on a plain textarea alone on a page holding `text`, the caret at its end: sorted samples, and its
 * CPU per keystroke.
 */
async function plainTextarea(browser: Browser, text: string): Promise<{ samples: number[]; cpu: KeyCpu }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.setContent('<textarea aria-label="plain" style="width:600px;height:200px"></textarea>');
  const box = page.getByRole('textbox', { name: 'plain' });
  await box.fill(text);
  await box.click();
  await page.keyboard.press('Control+End');
  const samples = [...(await keystrokes(page))].sort((a, b) => a - b);
  const cpu = await cpuPerKey(browser, page);
  await page.close();
  return { samples, cpu };
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
    const cpu = await cpuPerKey(browser, page);
    await page.close();

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
    const plainP50 = percentile(plain.samples, 50);
    const plainP99 = percentile(plain.samples, 99);
    console.log(`  a plain textarea alone, same method: p50 ${plainP50.toFixed(1)} ms, p99 ${plainP99.toFixed(1)} ms`);
    console.log(
      `  a plain textarea holding the chapter's ${CHAPTER_TEXT} characters: p50 ${percentile(plainFull.samples, 50).toFixed(1)} ms, p99 ${percentile(plainFull.samples, 99).toFixed(1)} ms`,
    );
    const cpuLine = (what: string, c: KeyCpu) => `    ${what}: ${c.total.toFixed(2)} ms (the key's event ${c.key.toFixed(2)}, rendering ${c.frame.toFixed(2)})`;
    console.log(`  main-thread CPU per keystroke (${CPU_KEYSTROKES} more keys, traced, thread time):`);
    console.log(cpuLine('editor', cpu));
    console.log(cpuLine('plain textarea', plain.cpu));
    console.log(cpuLine(`plain textarea holding ${CHAPTER_TEXT} characters`, plainFull.cpu));
    console.log(
      `    editor / textarea holding the text: ${(cpu.total / plainFull.cpu.total).toFixed(2)}x (the key's event ${(cpu.key / plainFull.cpu.key).toFixed(2)}x, rendering ${(cpu.frame / plainFull.cpu.frame).toFixed(2)}x)`,
    );
    const pathLine = (what: string, c: KeyCpu) =>
      `    ${what}: p50 ${percentile(c.path, 50).toFixed(2)} ms, p99 ${percentile(c.path, 99).toFixed(2)} ms`;
    console.log(`  main-thread CPU on each key's path to its paint (every task from its keydown to the frame after its character):`);
    console.log(pathLine('editor', cpu));
    console.log(pathLine('plain textarea', plain.cpu));
    console.log(pathLine(`plain textarea holding ${CHAPTER_TEXT} characters`, plainFull.cpu));
    console.log(
      `  keystroke-to-paint over the empty textarea (wall time, quantised by frames, not judged): p50 ${(p50 - plainP50).toFixed(1)} ms, p99 ${(p99 - plainP99).toFixed(1)} ms`,
    );
    const added50 = percentile(cpu.path, 50) - percentile(plainFull.cpu.path, 50);
    const added99 = percentile(cpu.path, 99) - percentile(plainFull.cpu.path, 99);
    const met = added50 <= TARGET_MS && added99 <= TARGET_MS;
    console.log(`  added by the editor on a key's path to its paint (over the textarea holding the text): p50 ${added50.toFixed(2)} ms, p99 ${added99.toFixed(2)} ms`);
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
