// Many players sending a turn at the same moment: `npx tsx bench/play-burst.ts` (also run by `npm run bench`).
//
// Method: the api runs as `npm start` runs it, in processes of its own (api/test/support/processes.ts
// `startApiCluster`): first `API_WORKERS=1` (one process, the embedded database on its own thread), then
// `API_WORKERS=2` (a primary owning the port and the database, two workers behind socket.io's sticky balancer), then
// the same with `SOCKET_POLLING=false` (node:cluster hands whole connections to the workers). Its model provider points at the fake
// OpenAI-compatible model in a process of its own (bench/support/model-process.ts), streaming an 8-word reply, 2 ms
// a word; the director never ends the chapter. In each mode PLAYERS players (BENCH_PLAYERS, default 1000), each
// signed in by phone from a client address of its own (TRUST_PROXY, so that per-address limits hold per player) and
// with a play started, untimed, then:
//   - burst: every player sends one turn (`message/send`) at the same moment and reads its reply's `stream_reply` to
//     `done`; turns per second = players / wall time from the first send to the last `done`; the send's p50/p99 are
//     the times until `message/send` answered. Errors (any refusal, a stream without `done` or with another text)
//     must be 0.
//   - streams: 200 players per api process send again at once; the peak of streams open at the same time and the
//     errors (must be 0) are printed.
// Target: 0 errors. Turns per second, one process and two workers' ratio to one, are printed without being judged:
// on a 2-core machine whose cores the bench itself fills (players, fake model, api) they measure the machine more
// than the api; the api's CPU time and database commands per turn are the figures meant to replace them.
// Figures are milliseconds unless named otherwise. On the shared 2-core machine the load generator, the fake model and
// the api share the cores: compare the two modes of one run. BENCH_MODES=1 runs the first mode only; with
// NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR" every process of the run (the api's among them) writes its profile.
import { ADULT } from '../api/test/support/playStories';
import { outboxCode, postJson, CookieClient } from '../api/test/helpers';
import { publishStory } from '../api/test/support/playStories';
import { startApiCluster, type ApiCluster } from '../api/test/support/processes';
import { startChild } from './support/child';
import { readReply } from './support/reply';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const STREAMS_PER_PROCESS = 200;
const SETUP_CONCURRENCY = 25;
const REPLY = ['The ', 'lamp ', 'turns ', 'slowly ', 'over ', 'the ', 'dark ', 'water.'];

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

interface Player {
  client: CookieClient;
  /** Its own client address, sent as X-Forwarded-For. */
  ip: string;
  playId: string;
}

/** Runs `fn` over `items`, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

async function ok<T>(what: string, res: Promise<{ body: { status_code: number; data?: T } }>): Promise<T> {
  const { body } = await res;
  if (body.status_code !== 0) throw new Error(`${what}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data as T;
}

async function preparePlayer(baseUrl: string, storyId: string, i: number): Promise<Player> {
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const phone = `+1202${String(5_000_000 + i).padStart(7, '0')}`;
  const client = new CookieClient(baseUrl);
  const post = <T>(path: string, body: unknown) => client.call<T>(path, postJson(body, { 'x-forwarded-for': ip }));
  await ok('sms/send', post('/api/passport/sms/send', { phone }));
  const code = await outboxCode(baseUrl, phone);
  await ok('sms/login', post('/api/passport/sms/login', { phone, code }));
  await ok('log_in_confirm', post('/api/tyler/user/log_in_confirm', ADULT.confirm));
  const started = await ok<{ play_info: { play_id: string } }>('start_play', post('/api/tyler/story/start_play', { story_id: storyId }));
  return { client, ip, playId: started.play_info.play_id };
}

interface TurnOutcome {
  sendMs: number;
  error: string | null;
}

/** Open streams right now, and the most seen at once. */
const open = { now: 0, peak: 0 };

async function oneTurn(p: Player, message: string): Promise<TurnOutcome> {
  const t0 = performance.now();
  const sent = await p.client.call<{ reply_dialogue_ids: string[]; seq_st: number }>(
    '/api/tyler/message/send',
    postJson({ play_id: p.playId, message }, { 'x-forwarded-for': p.ip }),
  );
  const sendMs = performance.now() - t0;
  if (sent.body.status_code !== 0) return { sendMs, error: `send: ${sent.body.status_code} ${sent.body.status_message}` };
  const replyId = sent.body.data!.reply_dialogue_ids[0]!;
  open.now += 1;
  open.peak = Math.max(open.peak, open.now);
  try {
    return { sendMs, error: await readReply(p.client, replyId, sent.body.data!.seq_st, REPLY.join('')) };
  } finally {
    open.now -= 1;
  }
}

interface Burst {
  turnsPerS: number;
  p50: number;
  p99: number;
  errors: string[];
  wallMs: number;
}

async function burst(players: Player[], label: string): Promise<Burst> {
  const t0 = performance.now();
  const outcomes = await Promise.all(
    players.map((p, i) =>
      oneTurn(p, `${label}: hello from player ${i}.`).catch((err: unknown): TurnOutcome => ({ sendMs: NaN, error: `${String(err)} ${String((err as { cause?: unknown }).cause ?? '')}` })),
    ),
  );
  const wallMs = performance.now() - t0;
  const sends = outcomes.map((o) => o.sendMs).filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
  return {
    turnsPerS: (players.length / wallMs) * 1000,
    p50: percentile(sends, 50),
    p99: percentile(sends, 99),
    errors: outcomes.flatMap((o) => (o.error ? [o.error] : [])),
    wallMs,
  };
}

interface Mode {
  label: string;
  workers: number;
  env: Record<string, string>;
}

const MODES: Mode[] = [
  { label: 'API_WORKERS=1', workers: 1, env: {} },
  { label: 'API_WORKERS=2', workers: 2, env: {} },
  { label: 'API_WORKERS=2 SOCKET_POLLING=false', workers: 2, env: { SOCKET_POLLING: 'false' } },
];
/** BENCH_MODES: how many of MODES to run, in order (default all; 1 runs the one process alone, e.g. to profile it). */
const RUN_MODES = MODES.slice(0, Math.max(1, Number(process.env.BENCH_MODES ?? MODES.length)));

async function runMode(mode: Mode, modelEnv: Record<string, string>): Promise<{ burst: Burst; streams: Burst; streamPlayers: number; peak: number }> {
  const { workers } = mode;
  let cluster: ApiCluster | undefined;
  try {
    cluster = await startApiCluster({
      workers,
      env: { ...modelEnv, ...mode.env, TRUST_PROXY: 'true', SMS_IP_SENDS_PER_HOUR: '100000', REVIEW_POLL_MS: '50', DAILY_CHAT_LIMIT: '1000' },
    });
    const { storyId } = await publishStory(cluster.baseUrl);
    const base = cluster.baseUrl;
    const players = await pool(Array.from({ length: PLAYERS }, (_, i) => i), SETUP_CONCURRENCY, (i) => preparePlayer(base, storyId, i));
    const first = await burst(players, 'burst');
    open.peak = 0;
    const streamPlayers = players.slice(0, STREAMS_PER_PROCESS * workers);
    const streams = await burst(streamPlayers, 'streams');
    return { burst: first, streams, streamPlayers: streamPlayers.length, peak: open.peak };
  } finally {
    await cluster?.stop();
  }
}

async function main(): Promise<void> {
  const model = await startChild<string>('model-process.ts', { BENCH_MODEL: JSON.stringify({ tokens: REPLY, delayMs: 2, quiet: true }) });
  const modelEnv = { LLM_BASE_URL: model.ready, LLM_API_KEY: 'bench-key', LLM_MODEL: 'fake-model' };
  const f = (n: number) => n.toFixed(1);
  let failed = false;
  try {
    const results = new Map<string, Awaited<ReturnType<typeof runMode>>>();
    for (const mode of RUN_MODES) {
      const r = await runMode(mode, modelEnv);
      results.set(mode.label, r);
      const b = r.burst;
      console.log(
        `${mode.label}: ${PLAYERS} players, one turn each at once: ${f(b.turnsPerS)} turns/s (wall ${f(b.wallMs)} ms), ` +
          `message/send p50 ${f(b.p50)} p99 ${f(b.p99)}, ${b.errors.length} errors (must be 0) ${b.errors.length === 0 ? 'PASS' : 'FAIL'}`,
      );
      const s = r.streams;
      console.log(
        `${mode.label}: ${r.streamPlayers} players streaming a turn at once (target ${STREAMS_PER_PROCESS} per process, peak open ${r.peak}): ` +
          `${s.errors.length} errors (must be 0) ${s.errors.length === 0 ? 'PASS' : 'FAIL'}`,
      );
      for (const e of [...b.errors, ...s.errors].slice(0, 5)) console.log(`  error: ${e}`);
      if (b.errors.length > 0 || s.errors.length > 0) failed = true;
    }
    const one = results.get(MODES[0]!.label)!.burst.turnsPerS;
    console.log(
      `one process: ${f(one)} turns/s (printed, not judged)`,
    );
    for (const mode of RUN_MODES.slice(1)) {
      const ratio = results.get(mode.label)!.burst.turnsPerS / one;
      console.log(`${mode.label} / ${MODES[0]!.label} turns per second: ${ratio.toFixed(2)}x (printed, not judged)`);
    }
  } finally {
    await model.stop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
