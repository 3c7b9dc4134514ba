// A collection page against a story page: `npx tsx bench/collection-page.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on an embedded-mongo in a temporary folder. A creator publishes 20 stories
// (the default selection limit) and puts all of them in one collection, which the automated review passes. A
// signed-in viewer then reads, taking turns call by call so the machine's busy moments fall on both alike:
//   - the story page's call: `GET /api/tyler/detail?story_id=` (the first story);
//   - the collection page's call: `GET /api/editor/collection/get?collection_id=` (its 20 creations as cards, the
//     creator, the viewer's like).
// The api's own response check (CONTRACT_CHECK, on in tests) is off, as in production.
// Target (issue 32): the collection page within 1.2x of the story page at p50. Figures are ms.
import { COLLECTION_LIMITS } from 'shared-kit/areas';
import { signInByPhone, startTestApi } from '../api/test/helpers';
import { ADULT, publishStory } from '../api/test/support/playStories';

const CALLS = 300;
const WARMUP = 30;
const RATIO_TARGET = 1.2;

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((s.length * p) / 100) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const api = await startTestApi({
    env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', LOG_LEVEL: 'warn', CONTRACT_CHECK: '0' },
  });
  let failed = false;
  try {
    const creator = await signInByPhone(api.baseUrl, '+12025559301', ADULT);
    const viewer = await signInByPhone(api.baseUrl, '+12025559302', ADULT);
    const ids: string[] = [];
    for (let i = 0; i < COLLECTION_LIMITS.selectionDefault; i += 1)
      ids.push((await publishStory(api.baseUrl, { story_name: `Bench story ${i + 1}` }, creator)).storyId);
    const made = await creator.post<{ collection_id: string }>('/api/editor/collection/create', {
      name: 'Bench shelf',
      description: 'Twenty stories',
      creations: ids,
    });
    if (made.body.status_code !== 0) throw new Error(`collection/create: ${JSON.stringify(made.body)}`);
    const collectionId = made.body.data!.collection_id;
    const deadline = Date.now() + 15_000;
    for (;;) {
      const got = await viewer.call<{ creations: unknown[] }>(
        `/api/editor/collection/get?collection_id=${collectionId}`,
      );
      if (got.body.status_code === 0 && got.body.data!.creations.length === ids.length) break;
      if (Date.now() > deadline)
        throw new Error(`the collection did not pass review: ${JSON.stringify(got.body).slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const cases = [
      { name: 'story page (tyler/detail)', path: `/api/tyler/detail?story_id=${ids[0]}` },
      {
        name: `collection page (collection/get, ${ids.length} creations)`,
        path: `/api/editor/collection/get?collection_id=${collectionId}`,
      },
    ];
    const times: number[][] = cases.map(() => []);
    for (let i = 0; i < WARMUP + CALLS; i += 1) {
      for (const [k, c] of cases.entries()) {
        const t = performance.now();
        const res = await viewer.call(c.path);
        const ms = performance.now() - t;
        if (res.body.status_code !== 0)
          throw new Error(`${c.name}: ${JSON.stringify(res.body).slice(0, 200)}`);
        if (i >= WARMUP) times[k]!.push(ms);
      }
    }
    for (const [k, c] of cases.entries()) {
      console.log(
        `${c.name}: p50 ${pct(times[k]!, 50).toFixed(2)} ms, p95 ${pct(times[k]!, 95).toFixed(2)} ms (n=${CALLS})`,
      );
    }
    // The answers' sizes (JSON bytes), the other half of what a page waits for besides the server's reads.
    for (const c of cases) console.log(`${c.name}: answer ${Buffer.byteLength(JSON.stringify((await viewer.call(c.path)).body))} bytes`);
    const ratio = pct(times[1]!, 50) / pct(times[0]!, 50);
    const ok = ratio <= RATIO_TARGET;
    if (!ok) failed = true;
    console.log(
      `collection page / story page at p50: ${ratio.toFixed(2)}x (<= ${RATIO_TARGET}x) ${ok ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await api.stop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
