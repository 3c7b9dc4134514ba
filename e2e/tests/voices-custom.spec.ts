import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ok, signInByPhone } from '../support/session';

// A creator records a voice through the browser's microphone and gives it to a character. The microphone is
// Chromium's fake device playing a WAV of speech that the product's own offline engine (eSpeak NG) renders here,
// so the recording really holds a voice reading the text shown.

const READ_EN =
  'The morning light came over the hills and the village woke slowly. A baker opened his door and the smell of fresh bread filled the street. Children ran down to the river, laughing, while their parents talked about the harvest and the weather.';

/** Renders `text` with eSpeak NG into a plain 16-bit WAV (sizes filled in: Chromium's file capture reads them). */
function speechWav(file: string, text: string): void {
  const espeak = createRequire(path.resolve(__dirname, '../../api/package.json')).resolve('espeak-ng');
  const script = `
    import { readFileSync, writeFileSync } from 'node:fs';
    const { default: ESpeakNg } = await import(${JSON.stringify(espeak)});
    const wasm = readFileSync(${JSON.stringify(espeak.replace(/espeak-ng\.js$/, 'espeak-ng.wasm'))});
    const e = await ESpeakNg({ arguments: ['-v', 'en-us+m3', '-w', '/o.wav', ${JSON.stringify(text)}], print() {}, printErr() {},
      instantiateWasm(imports, receive) { WebAssembly.instantiate(wasm, imports).then((r) => receive(r.instance)); return {}; } });
    const raw = Buffer.from(e.FS.readFile('/o.wav'));
    let at = 12, rate = 22050, body = Buffer.alloc(0);
    while (at + 8 <= raw.length) {
      const id = raw.toString('latin1', at, at + 4), size = raw.readUInt32LE(at + 4);
      if (id === 'fmt ') rate = raw.readUInt32LE(at + 12);
      if (id === 'data') { body = raw.subarray(at + 8, Math.min(raw.length, at + 8 + size)); break; }
      at += 8 + size + (size % 2);
    }
    const n = body.length - (body.length % 2);
    const out = Buffer.alloc(44 + n);
    out.write('RIFF', 0, 'latin1'); out.writeUInt32LE(36 + n, 4); out.write('WAVEfmt ', 8, 'latin1');
    out.writeUInt32LE(16, 16); out.writeUInt16LE(1, 20); out.writeUInt16LE(1, 22); out.writeUInt32LE(rate, 24);
    out.writeUInt32LE(rate * 2, 28); out.writeUInt16LE(2, 32); out.writeUInt16LE(16, 34); out.write('data', 36, 'latin1');
    out.writeUInt32LE(n, 40); body.copy(out, 44, 0, n);
    writeFileSync(${JSON.stringify(file)}, out);
  `;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
}

// Made when this file loads, before the browser starts with the file as its microphone.
const dir = path.join(os.tmpdir(), `voices-custom-${process.pid}`);
mkdirSync(dir, { recursive: true });
const MIC = path.join(dir, 'reading.wav');
speechWav(MIC, READ_EN);

test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${MIC}`,
    ],
  },
});

interface VoiceList {
  voices: Array<{ voice_id: string; name: string; preview_url: string; duration_ms: number; engine: { voice: string } }>;
}

async function recordVoice(page: Page, name: string): Promise<void> {
  await page.goto('/editor/voices');
  await expect(page.getByRole('heading', { level: 1, name: 'Voice library' })).toBeVisible();
  await expect(page.getByText(READ_EN)).toBeVisible();
  await page.getByRole('button', { name: 'Start recording' }).click();
  const timer = page.getByRole('timer', { name: 'Recording time' });
  await expect(page.getByText(/^Keep reading/)).toBeVisible();
  // Past the 10 s minimum (the fake microphone loops the reading, about 12 s long).
  await expect(timer).toHaveText(/^0:1[2-9] \/ 1:00$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Your recording')).toBeVisible();
  await page.getByRole('textbox', { name: 'Voice name' }).fill(name);
  await page.getByRole('checkbox', { name: 'Male', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Calm' }).click();
  const answered = page.waitForResponse((r) => r.url().includes('/api/editor/ugc_voice/create'), { timeout: 60_000 });
  await page.getByRole('button', { name: 'Create voice' }).click();
  // The upload's quick checks answer at once with the voice in review; its job makes the preview meanwhile.
  const created = (await (await answered).json()) as { status_code: number; data: { voice: { status: string; preview_url: string } } };
  expect(created.status_code).toBe(0);
  expect(created.data.voice).toMatchObject({ status: 'Reviewing', preview_url: '' });
  await expect(page.getByText(`Voice "${name}" created`)).toBeVisible({ timeout: 60_000 });
}

test('a voice recorded through the microphone becomes a voice of my own and speaks for a character', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByPhone(page.request, '447');
  await recordVoice(page, 'My recorded voice');
  const mine = page.getByRole('region', { name: 'My voices' });
  const item = mine.getByRole('listitem', { name: 'My recorded voice' });
  // In review (a spinner, no preview yet) until its job ends; the list then shows it Normal by itself.
  await expect(item.getByRole('button', { name: 'Play My recorded voice' })).toBeVisible({ timeout: 60_000 });
  await expect(item.getByText('In review')).toHaveCount(0);
  await expect(item.getByRole('status', { name: 'Checking the voice and making its preview…' })).toHaveCount(0);
  await expect(item.getByText('Private')).toBeVisible();

  // What the server made of it: a WebM/Opus recording over 10 s, a male engine voice, a preview that is speech.
  const list = await ok<VoiceList>(await page.request.get('/api/editor/ugc_voice/list?scope=mine'), 'ugc_voice/list');
  const voice = list.voices.find((v) => v.name === 'My recorded voice')!;
  expect(voice.duration_ms).toBeGreaterThan(10_000);
  expect(voice.engine.voice).toMatch(/^en-us\+m\d$/);
  const preview = await page.request.get(voice.preview_url);
  expect(preview.headers()['content-type']).toBe('audio/wav');
  expect((await preview.body()).length).toBeGreaterThan(20_000);

  // The editor's voice picker lists it under My voices; chosen for a character, it stays after a save and reload.
  await page.goto('/editor/story/new');
  await page.getByLabel('Story name').fill('A voice of my own');
  await page.getByRole('button', { name: 'Add character' }).click();
  const card = page.getByRole('article', { name: 'Character 1' });
  await card.getByRole('button', { name: /^Voice:/ }).click();
  await expect(card.getByRole('group', { name: 'Voice options' }).getByText('My voices')).toBeVisible();
  await card.getByRole('radio', { name: 'My recorded voice' }).click();
  await expect(card.getByRole('button', { name: 'Voice: My recorded voice' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/editor\/story\/\d+$/);
  const storyId = /\/editor\/story\/(\d+)$/.exec(page.url())![1]!;
  const story = await ok<{ characters: Array<{ dubbing_show: { dubbing: string } }> }>(
    await page.request.get(`/api/editor/story/get?story_id=${storyId}`),
    'story/get',
  );
  expect(story.characters[0]!.dubbing_show.dubbing).toBe(voice.voice_id);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Character 1' }).getByRole('button', { name: 'Voice: My recorded voice' })).toBeVisible();
});

test('a recording stopped before 10 seconds is not kept, and an uploaded file that is not audio is refused', async ({ page }) => {
  await signInByPhone(page.request, '448');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/editor/voices');
  await expect(page.getByRole('heading', { name: 'Make a voice' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('timer', { name: 'Recording time' })).toHaveText(/^0:0[1-9]/);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too short: record at least 10 seconds' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload a file' }).click();
  await page.getByLabel(/^Audio file/).setInputFiles({ name: 'notes.wav', mimeType: 'audio/wav', buffer: Buffer.from('not a recording at all\n'.repeat(50)) });
  await page.getByRole('textbox', { name: 'Voice name' }).fill('Not a voice');
  await page.getByRole('button', { name: 'Create voice' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unsupported format' })).toBeVisible();
});
