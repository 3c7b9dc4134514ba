import { expect, test, type APIRequestContext } from '@playwright/test';
import { storyLog } from '../support/play';
import { PHONE } from '../support/phone';
import { ok, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

test.use(PHONE);

/** What the page saw, on one clock (performance.now): the reply stream's events and the audio elements' playback. */
interface Timeline {
  streams: string[];
  events: Array<{ t: number; event: string; dialogue_id?: string; url?: string }>;
  audio: Array<{ t: number; type: string; src: string; duration: number }>;
}

declare global {
  interface Window {
    __timeline: Timeline;
  }
}

/**
 * Records, before the app runs: every `stream_reply` asked for and its events as they arrive (read from a copy of
 * the response), and each audio element's `playing` and `ended` with its source and length.
 */
function recordTimeline(): void {
  const timeline: Timeline = { streams: [], events: [], audio: [] };
  window.__timeline = timeline;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/message/stream_reply') && res.body) {
      timeline.streams.push(url);
      const reader = res.clone().body!.pipeThrough(new TextDecoderStream()).getReader();
      void (async () => {
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          buffer += value;
          for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!event) continue;
            let body: { dialogue_id?: string; url?: string; dialogue?: { dialogue_id?: string } } = {};
            try {
              body = JSON.parse(data ?? '{}') as typeof body;
            } catch {
              // Only the names matter then.
            }
            timeline.events.push({ t: performance.now(), event, dialogue_id: body.dialogue_id ?? body.dialogue?.dialogue_id, url: body.url });
          }
        }
      })();
    }
    return res;
  };
  const play = HTMLMediaElement.prototype.play;
  const watched = new WeakSet<HTMLMediaElement>();
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!watched.has(this)) {
      watched.add(this);
      for (const type of ['playing', 'ended']) {
        this.addEventListener(type, () => timeline.audio.push({ t: performance.now(), type, src: this.currentSrc, duration: this.duration }));
      }
    }
    return play.call(this);
  };
}

/*
 * The offline storyteller answers with a short reply to what was said, then a line of the speaker's dialogue style
 * and a line of the chapter: this story makes those two long (its every sentence is), so a reply takes seconds to
 * write while its short first sentence is spoken, on a busy machine too. Its chapter has music.
 */
const LONG_STYLE =
  'Speaks softly and slowly, the way keepers talk after long winters alone on the rock, choosing every word with care as if the wind might carry it away before it crosses the cold stone floor of the lamp room.';
const LONG_SCENE =
  'You reach the island at dusk, and the path from the landing climbs between wet black rocks and tufts of salt grass, past a shed of old nets and a rowing boat turned over for the winter, up to the white door of the tower where a lantern swings in the wind.';

async function publishSpokenStory(request: APIRequestContext): Promise<string> {
  const base = publishableStory(`Spoken lamp ${Date.now()}`);
  const [character] = base.characters as Array<Record<string, unknown>>;
  const [node] = base.nodes as Array<Record<string, unknown>>;
  const story = {
    ...base,
    introduction: LONG_SCENE,
    characters: [{ ...character, style: LONG_STYLE }],
    nodes: [{ ...node, content: LONG_SCENE, bgm_info: { vid: 'bgm_calm_shore', music_style: 'calm' } }],
  };
  const saved = await ok<{ story_id: string }>(await request.post('/api/editor/story/create', { data: story }), 'story/create');
  // The e2e product holds a publish under review for a few seconds before the automated review passes it.
  await expect
    .poll(async () => ((await (await request.get(`/api/tyler/detail?story_id=${saved.story_id}`)).json()) as { status_code: number }).status_code, {
      timeout: 30_000,
    })
    .toBe(0);
  return saved.story_id;
}

test('with Speak replies on, the first line of a reply is heard before the reply is written, and the switch stays on after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByPhone(page.request, '417');
  const storyId = await publishSpokenStory(page.request);
  await page.addInitScript(recordTimeline);
  await page.goto(`/play/story/${storyId}/play`);
  await expect(storyLog(page)).toContainText('Welcome, traveller.');

  const sound = page.getByRole('region', { name: 'Sound' });
  const speak = sound.getByRole('switch', { name: 'Speak replies' });
  await expect(speak).toHaveAttribute('aria-checked', 'false');
  await expect(sound.getByRole('slider', { name: 'Background music' })).toBeVisible();
  await speak.click();
  await expect(speak).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('textbox', { name: 'Your message' }).fill('Hello Mira, what should I do first?');
  await page.getByRole('button', { name: 'Send' }).click();
  // The turn's stream ends (`done` comes after the last clip), and the first clip was heard.
  await expect.poll(() => page.evaluate(() => window.__timeline.events.some((e) => e.event === 'done')), { timeout: 60_000 }).toBe(true);
  await expect(storyLog(page).locator('li[aria-busy="true"]')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.__timeline.audio.filter((a) => a.type === 'playing' && a.src.includes('/api/voice/audio/')).length), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

  const timeline = await page.evaluate(() => window.__timeline);
  // The turn's stream asked for speech.
  expect(timeline.streams.some((u) => u.includes('tts=1'))).toBe(true);
  const firstAudio = timeline.events.find((e) => e.event === 'audio');
  expect(firstAudio, JSON.stringify(timeline.events.map((e) => e.event))).toBeTruthy();
  const replyId = firstAudio!.dialogue_id!;
  const playing = timeline.audio.find((a) => a.type === 'playing' && a.src.includes(firstAudio!.url!));
  expect(playing, JSON.stringify(timeline.audio)).toBeTruthy();
  // A real clip: some length of sound, and a WAV of more than a header.
  expect(playing!.duration).toBeGreaterThan(0.3);
  const clip = await page.request.get(firstAudio!.url!);
  expect(clip.headers()['content-type']).toBe('audio/wav');
  expect((await clip.body()).length).toBeGreaterThan(4000);
  // Heard before the reply was whole: its `dialogue` event (the text complete) came after the clip began playing.
  const written = timeline.events.find((e) => e.event === 'dialogue' && e.dialogue_id === replyId);
  expect(written, JSON.stringify(timeline.events)).toBeTruthy();
  const deltasAfter = timeline.events.filter((e) => e.event === 'delta' && e.dialogue_id === replyId && e.t > playing!.t).length;
  test.info().annotations.push({ type: 'timing', description: `first clip playing ${Math.round(written!.t - playing!.t)} ms before the reply's text was complete; ${deltasAfter} deltas after it` });
  const since = (t: number) => Math.round(t - timeline.events.find((e) => e.event === 'delta' && e.dialogue_id === replyId)!.t);
  const told = `first delta +0, first audio event +${since(firstAudio!.t)}, playing +${since(playing!.t)}, text complete +${since(written!.t)} ms`;
  expect(playing!.t, told).toBeLessThan(written!.t);
  expect(deltasAfter).toBeGreaterThan(0);

  // The chapter's music plays too (started by the taps), quieter while speech is heard.
  expect(timeline.audio.some((a) => a.type === 'playing' && a.src.includes('/api/editor/audio/bgm_calm_shore.wav'))).toBe(true);

  // The line's own play button says it again.
  const before = timeline.audio.filter((a) => a.type === 'playing').length;
  await storyLog(page).locator('li[aria-busy="false"]').last().getByRole('button', { name: 'Play this line aloud' }).click();
  await expect.poll(() => page.evaluate(() => window.__timeline.audio.filter((a) => a.type === 'playing').length), { timeout: 20_000 }).toBeGreaterThan(before);

  // Remembered on this device for this person.
  await page.reload();
  await expect(storyLog(page)).toContainText('Welcome, traveller.');
  await expect(page.getByRole('region', { name: 'Sound' }).getByRole('switch', { name: 'Speak replies' })).toHaveAttribute('aria-checked', 'true');
  // The stream waiting for the next turn asks for speech again.
  await expect.poll(() => page.evaluate(() => window.__timeline.streams.some((u) => u.includes('standby=1') && u.includes('tts=1')))).toBe(true);
});
