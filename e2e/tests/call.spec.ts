import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { openDemoPlay, playTool, storyLog } from '../support/play';
import { signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

// A call with the character, heard through Chromium's fake microphone: a WAV made with eSpeak NG (silence, the
// question, silence; Chromium plays it in a loop), recognised by the api, answered and spoken back; at desktop size
// the play with its spoken line is then shared as a video, whose page plays it.
const dir = path.join(os.tmpdir(), `call-e2e-${process.pid}`);
mkdirSync(dir, { recursive: true });
const WAV = path.join(dir, 'microphone.wav');
const speech = path.join(dir, 'speech.wav');
execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', speech, 'what is your name']);
execFileSync('sox', [speech, '-r', '16000', '-c', '1', '-b', '16', WAV, 'pad', '1.5', '6']);

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${WAV}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
  permissions: ['microphone'],
});

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('a player calls the character from the play, is heard, hears the reply and ends the call', async ({ page }) => {
      test.setTimeout(size.name === 'phone' ? 150_000 : 330_000);
      await signInByPhone(page.request, size.name === 'phone' ? '252' : '253');
      await openDemoPlay(page);
      await page.getByRole('button', { name: 'Call', exact: true }).click();
      const dialog = page.getByRole('dialog');
      // What is left before starting.
      await expect(dialog.getByTestId('call-left')).toContainText('min of calls left today');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Start call' }).click();
      await expect(dialog.getByTestId('call-who')).toBeVisible({ timeout: 20_000 });
      await expect(dialog.getByTestId('call-mute')).toBeVisible();
      // The question is heard and becomes the player's line; the reply is written and heard.
      const transcript = dialog.getByTestId('call-transcript');
      const mine = transcript.locator('.player-call__line--player').first();
      await expect(mine).toBeVisible({ timeout: 60_000 });
      const said = (await mine.innerText()).replace(/^You\s*/, '').trim();
      expect(said.length).toBeGreaterThan(0);
      await expect(transcript.locator('.player-call__line--character').first()).not.toBeEmpty({ timeout: 60_000 });
      await expect
        .poll(() => page.getByTestId('call-audio').evaluate((el: HTMLAudioElement) => el.currentTime > 0 && el.src !== ''), { timeout: 60_000 })
        .toBe(true);
      await expect(dialog.getByTestId('call-time')).not.toHaveText('0:00');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'End call' }).click();
      await expect(dialog.getByTestId('call-ended')).toHaveText('Call ended.');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      // The spoken line stays in the play's log.
      await page.reload();
      await expect(storyLog(page)).toContainText(said);
      // ... marked as said on the call.
      const spokenRow = storyLog(page).locator('li', { hasText: said }).first();
      await expect(spokenRow.getByTestId('spoken-mark')).toHaveText('Said on a call');

      // The journey goes on (at desktop size, to keep the suite's time): the play, its spoken turn included, shared
      // as a video whose page plays it.
      if (size.name === 'phone') return;
      await (await playTool(page, page.getByRole('button', { name: 'Share as video' }))).click();
      const share = page.getByRole('dialog', { name: 'Share this play as a video' });
      await expect(share.getByTestId('video-turn-group').filter({ hasText: said }).getByRole('checkbox').first()).toBeChecked();
      await share.getByRole('button', { name: 'Make the video' }).click();
      await expect(share.getByText('Your video is ready.')).toBeVisible({ timeout: 150_000 });
      await share.getByRole('link', { name: 'Watch' }).click();
      const video = page.getByTestId('shared-video');
      await expect(video).toBeVisible();
      await expect
        .poll(
          () =>
            video.evaluate((el: HTMLVideoElement) => {
              el.muted = true;
              if (el.paused) void el.play().catch(() => undefined);
              return el.currentTime > 0 && el.videoWidth === 720;
            }),
          { timeout: 30_000 },
        )
        .toBe(true);
    });
  });
}
