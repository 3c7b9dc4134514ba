// Brainstorm plans: `npx tsx bench/brainstorm.ts` (also run by `npm run bench`).
//
// Method: the api runs in a child process of its own (bench/support/api-process.ts) on an embedded-mongo in a
// temporary folder; the fake OpenAI-compatible model (api/test/support/fakeOpenAI.ts) runs in this process on
// loopback, answering the story request with a valid story at once and each picture after IMAGE_MS.
// 1. Idea to result: RUNS plans one after the other, timed from `story/create` (need_ai_gen) until
//    `plan/generate_detail` says Success (polled every 20 ms), with the model and with the offline storyteller (its
//    step pacing off: PLAN_OFFLINE_STEP_MS=0, so the figure is the work itself). Both draw 7 pictures a plan.
// 2. Load: CONCURRENT creators start a plan each at once (model path, pictures IMAGE_MS apart); while they run the
//    api child reports its RSS, heap and event-loop delay every 250 ms. Figures are milliseconds and MB.
// BENCH_LOAD_ONLY=1 runs the load part alone (with BENCH_NODE_ARGS=--cpu-prof to profile the api under it).
import { FakeOpenAI } from '../api/test/support/fakeOpenAI';
import { NIGHT_FERRY_ANSWER as ANSWER } from '../api/test/support/planStories';
import { signInByPhone, type CookieClient } from '../api/test/helpers';
import { monotonicMs, startChild } from './support/child';

const RUNS = 5;
const CONCURRENT = 20;
const IMAGE_MS = 150;

const IDEA = 'A ferry that sails only at midnight and never reaches the other side; Ines the captain knows why.';

interface Stats { rss_mb: number; heap_mb: number; eld_p99_ms: number; eld_max_ms: number }

let phone = 0;
const nextPhone = () => `+1202555${String(7000 + phone++).padStart(4, '0')}`;

async function runPlan(client: CookieClient): Promise<number> {
  const t0 = monotonicMs();
  const res = await client.post<{ plan_generate: { plan_id: string } }>('/api/editor/story/create', {
    story_gen_type: 'AI', brain_storm_idea: IDEA, need_ai_gen: true, image_generate_style: { code: 'anime' },
  });
  if (res.body.status_code !== 0) throw new Error(`story/create: ${JSON.stringify(res.body)}`);
  const planId = res.body.data!.plan_generate.plan_id;
  for (;;) {
    const p = await client.call<{ status: number }>(`/api/editor/plan/generate_detail?plan_id=${planId}`);
    const status = p.body.data?.status ?? 0;
    if (status >= 100) {
      if (status !== 100) throw new Error(`plan ended with status ${status}`);
      return monotonicMs() - t0;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => n.toFixed(0);

async function withApi<T>(env: Record<string, string>, fn: (baseUrl: string, stats: Stats[]) => Promise<T>): Promise<T> {
  const api = await startChild<string>('api-process.ts', {
    BENCH_API_ENV: JSON.stringify({ LOG_LEVEL: 'warn', SMS_IP_SENDS_PER_HOUR: '10000', BRAINSTORM_DAILY_QUOTA: '1000', PLAN_POLL_MS: '200', ...env }),
    BENCH_API_STATS_MS: '250',
  });
  const stats: Stats[] = [];
  api.onLine((line) => {
    const s = (line as { stats?: Stats }).stats;
    if (s) stats.push(s);
  });
  try {
    return await fn(api.ready, stats);
  } finally {
    await api.stop();
  }
}

async function ideaToResult(label: string, env: Record<string, string>): Promise<void> {
  await withApi(env, async (baseUrl) => {
    const client = await signInByPhone(baseUrl, nextPhone(), { confirm: { is_adult: true, agree_terms: true } });
    await runPlan(client); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await runPlan(client));
    console.log(`idea to result, ${label}: median ${fmt(median(times))} ms, max ${fmt(Math.max(...times))} ms (${RUNS} plans)`);
  });
}

async function main(): Promise<void> {
  const fake = await FakeOpenAI.start(() => ({ kind: 'json', content: ANSWER }));
  try {
    fake.imageDelayMs = 0;
    if (!process.env.BENCH_LOAD_ONLY) await ideaToResult('fake model (pictures at once)', fake.apiEnv);
    if (!process.env.BENCH_LOAD_ONLY) await ideaToResult('offline storyteller (unpaced)', { PLAN_OFFLINE_STEP_MS: '0' });

    fake.imageDelayMs = IMAGE_MS;
    await withApi(fake.apiEnv, async (baseUrl, stats) => {
      const clients = await Promise.all(
        Array.from({ length: CONCURRENT }, () => signInByPhone(baseUrl, nextPhone(), { confirm: { is_adult: true, agree_terms: true } })),
      );
      await new Promise((r) => setTimeout(r, 1000));
      const idle = stats.at(-1)!;
      const from = stats.length;
      const t0 = monotonicMs();
      const times = await Promise.all(clients.map((c) => runPlan(c)));
      const wall = monotonicMs() - t0;
      const during = stats.slice(from);
      const peak = (k: keyof Stats) => Math.max(...during.map((s) => s[k]));
      console.log(
        `${CONCURRENT} plans at once (model, ${IMAGE_MS} ms a picture): all done in ${fmt(wall)} ms, each median ${fmt(median(times))} ms`,
      );
      console.log(
        `api while they ran: RSS ${idle.rss_mb.toFixed(0)} -> peak ${peak('rss_mb').toFixed(0)} MB, heap peak ${peak('heap_mb').toFixed(0)} MB, ` +
          `event-loop delay p99 peak ${peak('eld_p99_ms').toFixed(1)} ms, max ${peak('eld_max_ms').toFixed(1)} ms (${during.length} samples of 250 ms)`,
      );
    });
  } finally {
    await fake.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
