// What one turn costs the api and its database: `npx tsx bench/turn-cost.ts` (also run by `npm run bench`).
//
// Method: the database (embedded-mongo) runs on its own thread of this process, so its work is not counted as the
// api's; the model is the fake OpenAI-compatible one in a process of its own (bench/support/model-process.ts),
// streaming an 8-word reply. The api runs as `npm start` runs it (api/test/support/processes.ts `startApiCluster`)
// with MONGODB_URI pointing at that database (a database of its own per mode): `API_WORKERS=1`, then `API_WORKERS=2`
// (the primary, which relays the connections, and two workers). PLAYERS players (BENCH_PLAYERS, default 200) sign in
// and start a play of one published story, untimed; then, ROUNDS times, every player sends one turn at once and
// reads its reply's stream to `done` (naming the reply and its play, as the player does). Over the rounds:
//   - api CPU ms per turn: the user + system CPU time of every api process (/proc/<pid>/stat), over the rounds,
//     divided by the turns;
//   - database commands per turn: the database's commands (serverStatus `metrics.commands`, monitoring left out:
//     hello, ping, serverStatus, endSessions) over the rounds, divided by the turns;
// each less what the api spends with no turn at all (its queues' polls), measured over IDLE_MS before the rounds
// and scaled to their wall time. Printed, not judged: the targets of the issue compare them with a later change.
// Errors (a refused send, a stream without `done` or with another text) must be 0.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedMongoThread } from 'embedded-mongo';
import { MongoClient } from 'mongodb';
import { ADULT, publishStory } from '../api/test/support/playStories';
import { outboxCode, postJson, CookieClient } from '../api/test/helpers';
import { startApiCluster } from '../api/test/support/processes';
import { startChild } from './support/child';
import { readReply } from './support/reply';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const ROUNDS = 3;
const IDLE_MS = 3000;
const REPLY = ['The ', 'lamp ', 'turns ', 'slowly ', 'over ', 'the ', 'dark ', 'water.'];
const MONITORING = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'serverStatus', 'endSessions', 'buildInfo']);
/** Kernel clock ticks per second (USER_HZ): 100 on Linux. */
const TICKS_PER_S = 100;

/** User + system CPU milliseconds of a process so far. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** The database's commands so far by name, monitoring left out. */
async function commandsByName(client: MongoClient): Promise<Map<string, number>> {
  const status = await client.db('admin').command({ serverStatus: 1 });
  const byName = (status.metrics?.commands ?? {}) as Record<string, { total: number }>;
  return new Map(Object.entries(byName).filter(([name]) => !MONITORING.has(name)).map(([name, c]) => [name, Number(c.total)]));
}
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

interface Player {
  client: CookieClient;
  playId: string;
}

async function preparePlayer(baseUrl: string, storyId: string, i: number, mode: number): Promise<Player> {
  const ip = `10.${mode}.${(i >> 8) & 255}.${i & 255}`;
  const phone = `+1202${String(6_000_000 + mode * 10_000 + i).padStart(7, '0')}`;
  const client = new CookieClient(baseUrl);
  const post = (p: string, body: unknown) => client.call<{ play_info: { play_id: string } }>(p, postJson(body, { 'x-forwarded-for': ip }));
  await post('/api/passport/sms/send', { phone });
  await post('/api/passport/sms/login', { phone, code: await outboxCode(baseUrl, phone) });
  await post('/api/tyler/user/log_in_confirm', ADULT.confirm);
  const started = await post('/api/tyler/story/start_play', { story_id: storyId });
  if (started.body.status_code !== 0) throw new Error(`start_play: ${JSON.stringify(started.body)}`);
  return { client, playId: started.body.data!.play_info.play_id };
}

async function turn(p: Player, message: string): Promise<string | null> {
  const sent = await p.client.call<{ reply_dialogue_ids: string[]; seq_st: number }>('/api/tyler/message/send', postJson({ play_id: p.playId, message }));
  if (sent.body.status_code !== 0) return `send: ${sent.body.status_code}`;
  return readReply(p.client, sent.body.data!.reply_dialogue_ids[0]!, sent.body.data!.seq_st, REPLY.join(''), p.playId);
}

async function runMode(workers: number, mongoBase: string, modelEnv: Record<string, string>) {
  const uri = `${mongoBase}turn_cost_${workers}`;
  const db = new MongoClient(uri);
  await db.connect();
  const cluster = await startApiCluster({ workers, env: { ...modelEnv, MONGODB_URI: uri, TRUST_PROXY: 'true', SMS_IP_SENDS_PER_HOUR: '100000', DAILY_CHAT_LIMIT: '1000', REVIEW_POLL_MS: '50' } });
  try {
    const listening = cluster.logs.find((l) => l.msg === 'workers listening') as { workers?: number[] } | undefined;
    const pids = [cluster.pid, ...(listening?.workers ?? [])];
    const apiCpu = () => pids.reduce((n, pid) => n + cpuMs(pid), 0);
    const { storyId } = await publishStory(cluster.baseUrl);
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i += 25) {
      players.push(...(await Promise.all(Array.from({ length: Math.min(25, PLAYERS - i) }, (_, k) => preparePlayer(cluster.baseUrl, storyId, i + k, workers)))));
    }
    // One untimed round warms the code paths, then the idle cost.
    await Promise.all(players.map((p, i) => turn(p, `warm ${i}`)));
    const commands = async () => sum(await commandsByName(db));
    const idle0 = { cpu: apiCpu(), cmds: await commands(), at: performance.now() };
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle1 = { cpu: apiCpu(), cmds: await commands(), at: performance.now() };
    const idleMs = idle1.at - idle0.at;

    const before = await commandsByName(db);
    const t0 = { cpu: apiCpu(), cmds: sum(before), at: performance.now() };
    const errors: string[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const outcomes = await Promise.all(players.map((p, i) => turn(p, `round ${r}: hello from ${i}.`).catch((e: unknown) => String(e))));
      errors.push(...outcomes.filter((o): o is string => o !== null));
    }
    const after = await commandsByName(db);
    const t1 = { cpu: apiCpu(), cmds: sum(after), at: performance.now() };
    const wall = t1.at - t0.at;
    const turns = PLAYERS * ROUNDS;
    const scale = wall / idleMs;
    return {
      cpuPerTurn: (t1.cpu - t0.cpu - (idle1.cpu - idle0.cpu) * scale) / turns,
      cmdsPerTurn: (t1.cmds - t0.cmds - (idle1.cmds - idle0.cmds) * scale) / turns,
      idleCpuPerS: ((idle1.cpu - idle0.cpu) / idleMs) * 1000,
      idleCmdsPerS: ((idle1.cmds - idle0.cmds) / idleMs) * 1000,
      turnsPerS: (turns / wall) * 1000,
      // Per turn by command, idle polls included (they are few next to a turn's).
      byName: [...after].map(([name, n]) => [name, (n - (before.get(name) ?? 0)) / turns] as const).filter(([, n]) => n >= 0.05).sort((x, y) => y[1] - x[1]),
      errors,
    };
  } finally {
    await cluster.stop();
    await db.close();
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'turn-cost-'));
  const mongo = await startEmbeddedMongoThread({ dbPath: dir, port: 0, host: '127.0.0.1', logger: { info: () => undefined, warn: console.warn, error: console.error } });
  const model = await startChild<string>('model-process.ts', { BENCH_MODEL: JSON.stringify({ tokens: REPLY, delayMs: 2, quiet: true }) });
  const modelEnv = { LLM_BASE_URL: model.ready, LLM_API_KEY: 'bench-key', LLM_MODEL: 'fake-model' };
  let failed = false;
  try {
    for (const workers of [1, 2]) {
      const r = await runMode(workers, `mongodb://127.0.0.1:${mongo.port}/`, modelEnv);
      console.log(
        `API_WORKERS=${workers}: ${PLAYERS} players x ${ROUNDS} turns: api CPU ${r.cpuPerTurn.toFixed(2)} ms/turn, ` +
          `database commands ${r.cmdsPerTurn.toFixed(1)}/turn (idle: ${r.idleCpuPerS.toFixed(0)} CPU ms/s, ${r.idleCmdsPerS.toFixed(1)} commands/s, ` +
          `subtracted), ${r.turnsPerS.toFixed(1)} turns/s, ${r.errors.length} errors (must be 0) ${r.errors.length === 0 ? 'PASS' : 'FAIL'}`,
      );
      console.log(`  by command, per turn: ${r.byName.map(([name, n]) => `${name} ${n.toFixed(2)}`).join(', ')}`);
      for (const e of r.errors.slice(0, 3)) console.log(`  error: ${e}`);
      if (r.errors.length > 0) failed = true;
    }
  } finally {
    await model.stop();
    await mongo.stop();
    await rm(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
