// A thread page against a story page: `npx tsx bench/thread-page.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on an embedded-mongo in a temporary folder. A creator publishes a story; a
// player plays 20 turns of it (the offline storyteller, its word delay at 1 ms) and posts a thread of all 20 message
// groups (the default group limit), the player's lines and the replies. A signed-in viewer who liked and commented it
// then reads, taking turns call by call so the machine's busy moments fall on both alike:
//   - the story page's call: `GET /api/tyler/detail?story_id=`;
//   - the thread page's call: `GET /api/tyler/thread/get?thread_id=` (its lines, the story's card, the sharer, the
//     viewer's like, the comment count).
// The api's own response check (CONTRACT_CHECK, on in tests) is off, as in production.
// Target (issue 32): the thread page within 1.2x of the story page at p50. Figures are ms.
import { THREAD_LIMITS } from 'shared-kit/areas';
import { signInByPhone, startTestApi } from '../api/test/helpers';
import { ADULT, publishStory, readStream, type Sent, type Started } from '../api/test/support/playStories';

const CALLS = 300;
const WARMUP = 30;
const RATIO_TARGET = 1.2;

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((s.length * p) / 100) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const api = await startTestApi({
    env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', LOG_LEVEL: 'warn', CONTRACT_CHECK: '0', OFFLINE_TOKEN_DELAY_MS: '1' },
  });
  let failed = false;
  try {
    const creator = await signInByPhone(api.baseUrl, '+12025559311', ADULT);
    const player = await signInByPhone(api.baseUrl, '+12025559312', ADULT);
    const viewer = await signInByPhone(api.baseUrl, '+12025559313', ADULT);
    const { storyId } = await publishStory(api.baseUrl, { story_name: 'Bench story' }, creator);
    const started = await player.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    const playId = started.body.data!.play_info.play_id;
    for (let i = 0; i < THREAD_LIMITS.groupDefault; i += 1) {
      const sent = await player.post<Sent>('/api/tyler/message/send', { play_id: playId, message: `Turn ${i + 1}: what happens next?` });
      if (sent.body.status_code !== 0) throw new Error(`message/send: ${JSON.stringify(sent.body)}`);
      const d = sent.body.data!;
      await readStream(player, `/api/tyler/message/stream_reply?dialogue_id=${d.reply_dialogue_ids[0]}&seq_st=${d.seq_st}`);
    }
    const groups = await player.call<{ groups: Array<{ group_id: string; sharable: boolean; lines: Array<{ role: string }> }> }>(`/api/tyler/thread/groups?play_id=${playId}`);
    const turns = groups.body.data!.groups.filter((g) => g.sharable && g.lines.some((l) => l.role === 'player')).map((g) => g.group_id);
    if (turns.length !== THREAD_LIMITS.groupDefault) throw new Error(`expected ${THREAD_LIMITS.groupDefault} turns, got ${turns.length}`);
    const made = await player.post<{ thread_id: string; groups: Array<{ lines: unknown[] }> }>('/api/tyler/thread/create', { play_id: playId, title: 'Bench thread', group_ids: turns });
    if (made.body.status_code !== 0) throw new Error(`thread/create: ${JSON.stringify(made.body)}`);
    const threadId = made.body.data!.thread_id;
    const lines = made.body.data!.groups.reduce((n, g) => n + g.lines.length, 0);
    await viewer.post('/api/tyler/thread/like', { thread_id: threadId, like: true });
    await viewer.post('/api/interact/comment/post', { story_id: threadId, text: 'A fine thread' });
    await viewer.post('/api/interact/story/like', { story_id: storyId, like: true });
    const cases = [
      { name: 'story page (tyler/detail)', path: `/api/tyler/detail?story_id=${storyId}` },
      { name: `thread page (thread/get, ${turns.length} groups, ${lines} lines)`, path: `/api/tyler/thread/get?thread_id=${threadId}` },
    ];
    const times: number[][] = cases.map(() => []);
    for (let i = 0; i < WARMUP + CALLS; i += 1) {
      for (const [k, c] of cases.entries()) {
        const t = performance.now();
        const res = await viewer.call(c.path);
        const ms = performance.now() - t;
        if (res.body.status_code !== 0) throw new Error(`${c.name}: ${JSON.stringify(res.body).slice(0, 200)}`);
        if (i >= WARMUP) times[k]!.push(ms);
      }
    }
    for (const [k, c] of cases.entries()) {
      console.log(`${c.name}: p50 ${pct(times[k]!, 50).toFixed(2)} ms, p95 ${pct(times[k]!, 95).toFixed(2)} ms (n=${CALLS})`);
    }
    const ratio = pct(times[1]!, 50) / pct(times[0]!, 50);
    const ok = ratio <= RATIO_TARGET;
    if (!ok) failed = true;
    console.log(`thread page / story page at p50: ${ratio.toFixed(2)}x (<= ${RATIO_TARGET}x) ${ok ? 'PASS' : 'FAIL'}`);
  } finally {
    await api.stop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
