import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { openDemoPlay, playTool, sendTurn } from '../support/play';
import { PHONE } from '../support/phone';
import { signInByPhone } from '../support/session';

/*
 * A player shares their play as a video: the play menu's "Share as video" says how many videos are left today, makes
 * the video of the turns the player picks (the thread's picker) with its progress, and ends with a link; the video's page plays it (the element
 * reaches playing, then ended), and the link's landing page carries og:video.
 */

const SIZES = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } }, code: '873' },
  { name: 'phone', options: PHONE, code: '870' },
] as const;

async function player(browser: Browser, options: Parameters<Browser['newContext']>[0], areaCode: string) {
  const page = await (await browser.newContext(options)).newPage();
  await signInByPhone(page.request, areaCode);
  return page;
}

for (const size of SIZES) {
  test(`${size.name}: a player shares a play as a video and its page plays it`, async ({ browser }) => {
    test.setTimeout(180_000);
    const p = await player(browser, size.options, size.code);
    await openDemoPlay(p);
    await sendTurn(p, `Light the lamp with me (${size.name})`);

    // The play's header keeps its buttons on screen (nothing scrolls sideways on a phone). On a phone it is one line:
    // the play's other tools fold behind More, which opens them on a line of their own; on a desktop all show.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.options.viewport!.width);
    const header = p.locator('.player-play__header');
    const more = header.getByRole('button', { name: 'More', exact: true });
    if (size.name === 'phone') {
      await expect(header.getByRole('button', { name: 'Share as video' })).toBeHidden();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      const box = (await header.boundingBox())!;
      expect(box.height).toBeLessThan(60);
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(header.getByRole('button', { name: 'Memory', exact: true })).toBeVisible();
    } else {
      await expect(more).toBeHidden();
      await expect(header.getByRole('button', { name: 'Share as video' })).toBeVisible();
    }
    await (await playTool(p, p.getByRole('button', { name: 'Share as video' }))).click();
    const dialog = p.getByRole('dialog', { name: 'Share this play as a video' });
    await expect(dialog.getByText(/^Videos left today: \d+ of \d+$/)).toBeVisible();
    // The turns, picked as a thread's are: the latest that fit are chosen; leaving the first out shortens the video.
    const summary = dialog.getByText(/^The chosen turns \(\d+ lines?\)/);
    await expect(summary).toBeVisible();
    const turns = dialog.getByTestId('video-turn-group');
    expect(await turns.count()).toBeGreaterThanOrEqual(2);
    const linesOf = async () => Number(/\((\d+) line/.exec(await summary.innerText())![1]);
    const all = await linesOf();
    await turns.first().getByRole('checkbox').click();
    await expect.poll(linesOf).toBeLessThan(all);
    await expect(turns.last().getByRole('checkbox')).toBeChecked();
    expect(await seriousViolations(p)).toEqual([]);
    await dialog.getByRole('button', { name: 'Make the video' }).click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel the video' })).toBeVisible();
    await expect(dialog.getByText('Your video is ready.')).toBeVisible({ timeout: 120_000 });
    const link = await dialog.getByRole('textbox', { name: 'Link to the video' }).inputValue();
    expect(link).toMatch(/\/s\/[A-Za-z0-9]+$/);

    // The link's landing page, as a link preview reads it.
    const html = await (await p.request.get(new URL(link).pathname)).text();
    expect(html).toMatch(/<meta property="og:video" content="[^"]+\/api\/share\/video\/[0-9a-f]{24}\.mp4">/);
    expect(html).toContain('<meta property="og:video:type" content="video/mp4">');

    // The video's page plays it, to its end.
    await dialog.getByRole('link', { name: 'Watch' }).click();
    await expect(p).toHaveURL(/\/play\/video\/[A-Za-z0-9]+$/);
    const video = p.getByTestId('shared-video');
    await expect(video).toBeVisible();
    expect(await seriousViolations(p)).toEqual([]);
    const played = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<{ playing: boolean; ended: boolean; width: number; height: number; duration: number }>((resolve, reject) => {
          let playing = false;
          el.addEventListener('playing', () => (playing = true));
          el.addEventListener('ended', () => resolve({ playing, ended: true, width: el.videoWidth, height: el.videoHeight, duration: el.duration }));
          el.addEventListener('error', () => reject(new Error(`video error ${el.error?.code ?? ''}`)));
          el.muted = true;
          el.playbackRate = 8;
          el.play().catch(reject);
        }),
    );
    expect(played).toMatchObject({ playing: true, ended: true, width: 720, height: 1280 });
    expect(played.duration).toBeGreaterThan(3);
  });
}
