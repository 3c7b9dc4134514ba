// Character cards and lorebooks: `npx tsx bench/cards.ts` (also run by `npm run bench`).
//
// 1. Import of a 2 MB PNG card: a drawn portrait saved as an uncompressed PNG of about 2 MB with a V3 card (and its
//    V2 copy) holding a 100-entry lorebook. Timed twice: reading and mapping the file alone (PNG chunks with their
//    checksums, base64, JSON, the mapping), and `POST /api/editor/card/import` end to end over HTTP on loopback (the
//    api in this process on embedded-mongo, as the tests run it), which adds the multipart upload and the picture's
//    media checks (decode, re-encode, face detection) and its storage.
// 2. Prompt assembly with a 500-entry lorebook: the world info chosen for a turn from 20 history lines (scan depth
//    4; 500 entries of 2 keys each, a tenth of them called up, a 512-token budget) and the prompt assembled within an
//    8k context, against the same turn without a lorebook. Figures are milliseconds.
import sharp from 'sharp';
import { lorebookSchema } from 'shared-kit/schemas';
import { assemblePrompt } from '../api/src/ai/chat/prompt';
import type { TurnLine, TurnMaterial } from '../api/src/ai/chat/types';
import { offlinePortraitSvg } from '../api/src/ai/portrait.offline';
import { cardToBot } from '../api/src/modules/card/card.map';
import { readCardFile } from '../api/src/modules/card/card.read';
import { selectWorldInfo } from '../api/src/modules/lorebook';
import { signInByPhone, startTestApi } from '../api/test/helpers';
import { V3_CARD, V2_CARD, b64json, pngWithText } from '../api/test/support/cardFixtures';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const f = (n: number): string => n.toFixed(2);

function timeSync(n: number, fn: () => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

async function importBench(): Promise<void> {
  const portrait = await sharp(Buffer.from(offlinePortraitSvg({ prompt: 'Aria', width: 600, height: 860 }, 90)))
    .png({ compressionLevel: 0 })
    .toBuffer();
  const png = pngWithText(portrait, [['chara', b64json(V2_CARD)], ['ccv3', b64json(V3_CARD)]]);
  console.log(`card file: ${(png.length / (1024 * 1024)).toFixed(2)} MB PNG, lorebook of ${V3_CARD.data.character_book.entries.length} entries`);
  const parse = timeSync(50, () => {
    cardToBot(readCardFile(png).card);
  });
  console.log(`card read+map p50: ${f(percentile(parse, 50))} ms, p95: ${f(percentile(parse, 95))} ms (n=50)`);

  const api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
  try {
    const user = await signInByPhone(api.baseUrl, '+12025550977', { confirm: { is_adult: true, agree_terms: true } });
    const times: number[] = [];
    for (let i = 0; i < 13; i += 1) {
      const fd = new FormData();
      fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'aria.png');
      const t = performance.now();
      const res = await user.call<{ errors: unknown[]; picture: unknown }>('/api/editor/card/import', { method: 'POST', body: fd });
      const ms = performance.now() - t;
      if (res.body.status_code !== 0 || !res.body.data?.picture) throw new Error(`import failed: ${JSON.stringify(res.body).slice(0, 300)}`);
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(`card/import over HTTP (2 MB PNG) p50: ${f(percentile(times, 50))} ms, p95: ${f(percentile(times, 95))} ms (n=${times.length})`);
  } finally {
    await api.stop();
  }
}

function promptBench(): void {
  const words = 'harbour lantern tide anchor compass storm island cliff beacon reef'.split(' ');
  const entries = Array.from({ length: 500 }, (_, i) => ({
    entry_id: `w${i}`,
    keys: [`place${i}`, `${words[i % words.length]}${i}`],
    content: `Entry ${i}: the ${words[i % words.length]} of the north coast keeps an old story about sailors and their songs.`,
    priority: i % 50,
    insertion_order: i,
    position: i % 2 === 0 ? ('before_char' as const) : ('after_char' as const),
  }));
  const book = lorebookSchema.parse({ scan_depth: 4, token_budget: 512, entries });
  const history: TurnLine[] = Array.from({ length: 20 }, (_, i) => ({
    speaker: i % 2 === 0 ? 'player' : 'npc',
    name: i % 2 === 0 ? 'Alex' : 'Mira',
    content: `Line ${i}: we talk about ${Array.from({ length: 13 }, (_, k) => `place${(i * 13 + k * 3) % 500}`).join(', ')} tonight.`,
  }));
  const base: TurnMaterial = {
    storyName: 'The Coast',
    introduction: 'A harbour town.',
    storySummary: '',
    player: { name: 'Alex', settings: 'A traveller.' },
    characters: [{ character_id: 'c1', name: 'Mira', settings: 'The keeper of the lighthouse.', style: 'Softly.' }],
    chapter: { node_id: 'n1', name: 'One', content: 'Night falls.', objective: 'Find the keeper.', index: 0, count: 1 },
    runningSummary: '',
    history,
    speaker: { character_id: 'c1', name: 'Mira', settings: 'The keeper of the lighthouse.', style: 'Softly.' },
    turnsInChapter: 1,
  };
  const budget = { contextTokens: 8192, replyTokens: 512 };
  const probe = selectWorldInfo(book, history.map((l) => l.content));
  console.log(`world info: ${probe.entryIds.length} entries chosen, ${probe.tokens} tokens (budget 512), of 500`);
  const without = timeSync(200, () => {
    assemblePrompt(base, budget);
  });
  const withBook = timeSync(200, () => {
    const worldInfo = selectWorldInfo(book, history.map((l) => l.content));
    assemblePrompt({ ...base, worldInfo }, budget);
  });
  console.log(`prompt assembly without lorebook p50: ${f(percentile(without, 50))} ms, p95: ${f(percentile(without, 95))} ms (n=200)`);
  console.log(`prompt assembly with a 500-entry lorebook p50: ${f(percentile(withBook, 50))} ms, p95: ${f(percentile(withBook, 95))} ms (n=200)`);
}

async function main(): Promise<void> {
  await importBench();
  promptBench();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
