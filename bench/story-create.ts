// `story/create` latency for a story at the spec's maxima: `npx tsx bench/story-create.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on an embedded-mongo in a temporary folder (the test setup), a creator signs
// in by phone, and one story of 100 chapters is saved over and over, each save based on the version the previous one
// returned (as the editor does). Every chapter holds 3,000 characters of content (mentions included, counted by
// displayed name) and a 100-character ending; two characters carry 2,000-character settings. After WARMUP saves,
// SAVES draft saves are timed end to end over HTTP on loopback, then PUBLISHES publishes (each also writes a version
// and queues a review). Figures are milliseconds.
import { LIMITS, type StoryCreateInput } from 'shared-kit';
import { signInByPhone, startTestApi } from '../api/test/helpers';

const WARMUP = 3;
const SAVES = 50;
const PUBLISHES = 10;

const WORDS = 'the storm rolls over the island while the keeper waits by the lamp and counts the ships'.split(
  ' ',
);

/** Exactly `n` characters of text, different per seed. */
function text(n: number, seed: number): string {
  let out = '';
  for (let i = seed; out.length < n; i += 1) out += `${WORDS[i % WORDS.length]} `;
  return out.slice(0, n).replace(/\s$/, '.');
}

function maxStory(): StoryCreateInput {
  const mention = '@{character_c1}';
  // The mention displays as "Mira" (4 characters), so the text around it is 4 shorter to land on exactly 3,000.
  const content = (i: number) => `${text(1500, i)}${mention}${text(LIMITS.plotContent - 1500 - 4, i + 7)}`;
  return {
    story_name: text(LIMITS.storyName, 1),
    introduction: text(LIMITS.introduction, 2),
    image_generate_style: { code: 'anime' },
    characters: ['Mira', 'Tom'].map((name, i) => ({
      character_id: `c${i + 1}`,
      character_name: name,
      settings: text(LIMITS.characterSettings, i),
      style: text(LIMITS.characterStyle, i + 3),
      character_url: `/api/media/0123456789abcdef0123456${i}`,
      dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
    })),
    player: { character_name: 'Alex', settings: text(LIMITS.playerSettings, 5) },
    prologue: { character_id: 'c1', content: text(LIMITS.prologue, 6) },
    nodes: Array.from({ length: LIMITS.maxPlots }, (_, i) => ({
      node_id: `n${i}`,
      name: `Chapter_${i + 1}`,
      content: content(i),
      ending_content: text(LIMITS.plotEnding, i + 11),
    })),
    summary: text(LIMITS.summary, 9),
    voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
  };
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

async function main(): Promise<void> {
  const api = await startTestApi({ env: { LOG_LEVEL: 'warn', SMS_IP_SENDS_PER_HOUR: '1000' } });
  try {
    const client = await signInByPhone(api.baseUrl, '+12025550999', {
      confirm: { is_adult: true, agree_terms: true },
    });
    const story = maxStory();
    const bytes = Buffer.byteLength(JSON.stringify(story));
    let storyId: string | undefined;
    let versionId: string | undefined;

    async function saveOnce(publishType: 'Draft' | 'Publish'): Promise<number> {
      const body = {
        ...story,
        publish_type: publishType,
        ...(storyId ? { story_id: storyId, version: { version_id: versionId } } : {}),
      };
      const t0 = performance.now();
      const res = await client.post<{ story_id: string; version_id: string }>(
        '/api/editor/story/create',
        body,
      );
      const ms = performance.now() - t0;
      if (res.body.status_code !== 0)
        throw new Error(`story/create failed: ${JSON.stringify(res.body).slice(0, 500)}`);
      storyId = res.body.data!.story_id;
      versionId = res.body.data!.version_id;
      return ms;
    }

    for (let i = 0; i < WARMUP; i += 1) await saveOnce('Draft');
    const drafts: number[] = [];
    for (let i = 0; i < SAVES; i += 1) drafts.push(await saveOnce('Draft'));
    const publishes: number[] = [];
    for (let i = 0; i < PUBLISHES; i += 1) publishes.push(await saveOnce('Publish'));

    drafts.sort((a, b) => a - b);
    publishes.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    console.log(
      `story/create payload: ${LIMITS.maxPlots} chapters x ${LIMITS.plotContent} characters, ${(bytes / 1024).toFixed(0)} KB JSON`,
    );
    console.log(`story/create draft save p50: ${f(percentile(drafts, 50))} ms (n=${SAVES})`);
    console.log(`story/create draft save p99: ${f(percentile(drafts, 99))} ms (n=${SAVES})`);
    console.log(`story/create publish p50: ${f(percentile(publishes, 50))} ms (n=${PUBLISHES})`);
    console.log(`story/create publish p99: ${f(percentile(publishes, 99))} ms (n=${PUBLISHES})`);
  } finally {
    await api.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
