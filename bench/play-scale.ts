// Play calls against long plays and many players at once: `npx tsx bench/play-scale.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on an embedded-mongo in a temporary folder, with its openai-compatible
// provider pointed at a loopback fake model (api/test/support/fakeOpenAI.ts) that streams a short reply and whose
// director never ends the chapter. A player starts three plays of one story, grown to 100, 10,000 and 100,000
// dialogues by bulk inserts through the play's mongoose models (player lines and replies, a Summary
// dialogue every 40 as folding would write, the play's counters to match). Then, per play:
//   - `dialogue_list` (the newest page of 50, as the play screen opens) is timed LIST_CALLS times;
//   - `message/send` is timed SENDS times, each turn's stream read to `done` (untimed) before the next;
// the plays take turns call by call, so the machine's busy moments fall on every size alike.
// Every play carries MEMORY_PIN_MAX pinned memories (half lines, half notes), which every turn puts in its prompt:
// the reads of one send on the 100,000-dialogue play are counted before and after pinning (pins must add none), and
// again after its latest reply was regenerated to REPLY_ALTERNATIVES_MAX texts (alternatives must add none); each
// count is the fewest of three turns, since a reply stream reads two rows fewer when it opens while the reply is written.
// Target (issue "Play", benchmarks): the 10,000 and 100,000 cases within 1.2x of the 100 case, at p50.
// Last, CONCURRENT players (each signed in by phone) each send one turn at the same moment and read its stream
// to `done`: the count of errors must be 0. Figures are milliseconds.
import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, Emotion, PlayStatus, REPLY_ALTERNATIVES_MAX } from 'shared-kit';
import { MEMORY_PIN_MAX } from 'shared-kit/areas';
import { Dialogue, type DialogueFields } from '../api/src/modules/play/dialogue.model';
import { Play } from '../api/src/modules/play/play.model';
import { signInByPhone, startTestApi, type CookieClient } from '../api/test/helpers';
import { FakeOpenAI, directorAnswer, type FakeBehaviour, type FakeRequest } from '../api/test/support/fakeOpenAI';
import { ADULT, publishStory } from '../api/test/support/playStories';
import { readReply } from './support/reply';

const SIZES = [100, 10_000, 100_000];
const LIST_CALLS = 200;
const SENDS = 50;
const WARMUP = 10;
const CONCURRENT = 200;
const RATIO_TARGET = 1.2;
const REPLY = ['The ', 'lamp ', 'turns ', 'slowly ', 'over ', 'the ', 'dark ', 'water.'];

function handler(req: FakeRequest): FakeBehaviour {
  return req.stream ? { kind: 'stream', tokens: REPLY, delayMs: 2 } : directorAnswer(req, false);
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}
function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99) };
}

interface Started {
  play_info: { play_id: string; last_seq: number };
}

/** Grows a play to `size` dialogues in bulk, as if it had been played that long. */
async function grow(playId: string, size: number): Promise<void> {
  const play = await Play.findOne({ play_id: playId }).lean();
  if (!play) throw new Error(`no play ${playId}`);
  const now = Date.now();
  const docs: DialogueFields[] = [];
  let summaryUpto = 0;
  let turns = 0;
  for (let seq = play.next_seq + 1; seq <= size; seq += 1) {
    const at = new Date(now - (size - seq) * 1000);
    const base = { play_id: playId, seq, node_id: play.node_id, status: DialogueStatus.Normal, done: true, error_code: 0, error_reason: '', emotion: Emotion.Neutral, created_at: at, updated_at: at };
    const group = `${playId}-g${Math.floor(seq / 2)}`;
    if (seq % 40 === 0) {
      summaryUpto = seq - 1;
      docs.push({ ...base, dialogue_id: `${playId}${String(seq).padStart(6, '0')}`, type: DialogueType.Summary, role: 'system', character_id: '', content: `The story so far, up to line ${seq - 1}.`, group_id: group, covers_upto_seq: summaryUpto });
    } else if (seq % 2 === 1) {
      turns += 1;
      docs.push({ ...base, dialogue_id: `${playId}${String(seq).padStart(6, '0')}`, type: DialogueType.Input, role: 'player', character_id: '', content: `I look around, time ${seq}.`, group_id: group, covers_upto_seq: 0 });
    } else {
      docs.push({ ...base, dialogue_id: `${playId}${String(seq).padStart(6, '0')}`, type: DialogueType.NpcDialogue, role: 'npc', character_id: 'c1', content: `The keeper answers line ${seq}.`, group_id: group, covers_upto_seq: 0 });
    }
  }
  for (let i = 0; i < docs.length; i += 1000) await Dialogue.insertMany(docs.slice(i, i + 1000), { ordered: true });
  await Play.updateOne(
    { play_id: playId },
    { $set: { next_seq: size, turns, turns_in_chapter: 10, chapter_start_seq: Math.max(play.chapter_start_seq, size - 20), summary: 'The story so far.', summary_upto_seq: summaryUpto, status: PlayStatus.Playing } },
  );
}

/** Pins MEMORY_PIN_MAX memories on the play through the memory call: lines of its newest turns, then notes. */
async function pinAll(client: CookieClient, playId: string): Promise<void> {
  const page = await client.call<{ dialogues: Array<{ dialogue_id: string; type: string }> }>(`/api/tyler/dialogue_list?play_id=${playId}&count=40`);
  const lines = page.body.data!.dialogues.filter((d) => d.type === 'Input' || d.type === 'NpcDialogue').slice(-MEMORY_PIN_MAX / 2);
  const bodies = [...lines.map((d) => ({ play_id: playId, dialogue_id: d.dialogue_id }))];
  while (bodies.length < MEMORY_PIN_MAX) bodies.push({ play_id: playId, note: `Remember ${bodies.length}: the keeper's daughter left on the Gull.` } as never);
  for (const body of bodies) {
    const res = await client.post('/api/tyler/memory/pin', body);
    if (res.body.status_code !== 0) throw new Error(`pin: ${JSON.stringify(res.body).slice(0, 300)}`);
  }
}

/** The database operations of one turn (the send and its reply, to the end of its stream). */
async function turnOps(client: CookieClient, playId: string, message: string): Promise<Record<string, number>> {
  const ops: Record<string, number> = {};
  mongoose.set('debug', (collection: string, method: string) => {
    const key = `${collection}.${method}`;
    ops[key] = (ops[key] ?? 0) + 1;
  });
  try {
    const r = await oneTurn(client, playId, message);
    if (r.error) throw new Error(r.error);
  } finally {
    mongoose.set('debug', false);
  }
  return ops;
}

async function oneTurn(client: CookieClient, playId: string, message: string): Promise<{ sendMs: number; error: string | null }> {
  const t0 = performance.now();
  const sent = await client.post<{ reply_dialogue_ids: string[]; seq_st: number }>('/api/tyler/message/send', { play_id: playId, message });
  const sendMs = performance.now() - t0;
  if (sent.body.status_code !== 0) return { sendMs, error: `send: ${sent.body.status_code} ${sent.body.status_message}` };
  const replyId = sent.body.data!.reply_dialogue_ids[0]!;
  return { sendMs, error: await readReply(client, replyId, sent.body.data!.seq_st, REPLY.join('')) };
}

async function main(): Promise<void> {
  const fake = await FakeOpenAI.start(handler);
  const api = await startTestApi({
    env: {
      LOG_LEVEL: 'warn',
      SMS_IP_SENDS_PER_HOUR: '1000',
      REVIEW_POLL_MS: '20',
      DAILY_CHAT_LIMIT: '1000',
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'bench-key',
      LLM_MODEL: 'fake-model',
    },
  });
  let failed = false;
  const f = (n: number) => n.toFixed(2);
  try {
    const { storyId } = await publishStory(api.baseUrl);
    const player = await signInByPhone(api.baseUrl, '+12025550801', ADULT);
    const results: Array<{ size: number; list: ReturnType<typeof stats>; send: ReturnType<typeof stats> }> = [];
    const plays: Array<{ size: number; playId: string; lists: number[]; sends: number[] }> = [];
    for (const size of SIZES) {
      const started = await player.post<Started>('/api/tyler/story/start_play', { story_id: storyId, is_new_play: true });
      const playId = started.body.data!.play_info.play_id;
      await grow(playId, size);
      plays.push({ size, playId, lists: [], sends: [] });
    }
    // One turn's reads on the longest play without pins, then with them; then every play gets its pins.
    const longest = plays[plays.length - 1]!.playId;
    // The play's own collections (the sessions' and the review poller's reads are not the turn's), reads only.
    const readsOf = (ops: Record<string, number>) =>
      Object.entries(ops)
        .filter(([k]) => /^(plays|dialogues|stories|story_versions|chat_quotas)\./.test(k) && !/\.(insert|update|findOneAndUpdate|bulkWrite|delete)/.test(k))
        .reduce((n, [, v]) => n + v, 0);
    // A reply stream opened while its reply is being written takes it from memory, one opened after reads it back:
    // which a turn gets depends on timing, so each figure is the fewest reads of three turns.
    const fewestReads = async (label: string) => {
      let best: Record<string, number> | undefined;
      for (let i = 1; i <= 3; i += 1) {
        const ops = await turnOps(player, longest, `${label} (${i})`);
        if (!best || readsOf(ops) < readsOf(best)) best = ops;
      }
      return best!;
    };
    await turnOps(player, longest, 'A first turn, so both counted turns find the same caches.');
    const before = await fewestReads('Before the pins.');
    for (const p of plays) await pinAll(player, p.playId);
    const after = await fewestReads('After the pins.');
    const same = readsOf(after) <= readsOf(before);
    if (!same) failed = true;
    console.log(`message/send reads per turn on the ${SIZES[SIZES.length - 1]}-dialogue play: ${readsOf(before)} without pins, ${readsOf(after)} with ${MEMORY_PIN_MAX} pins (must add none) ${same ? 'PASS' : 'FAIL'}`);
    console.log(`  operations without pins: ${JSON.stringify(before)}`);
    console.log(`  operations with pins: ${JSON.stringify(after)}`);
    // The latest reply regenerated until it keeps REPLY_ALTERNATIVES_MAX texts: a turn's reads again (none added).
    const page = await player.call<{ dialogues: Array<{ dialogue_id: string; type: string }> }>(`/api/tyler/dialogue_list?play_id=${longest}&count=5`);
    const latest = [...page.body.data!.dialogues].reverse().find((d) => d.type === DialogueType.NpcDialogue || d.type === DialogueType.Narration)!;
    for (let i = 1; i < REPLY_ALTERNATIVES_MAX; i += 1) {
      const again = await player.post<{ reply_dialogue_ids: string[]; seq_st: number }>('/api/tyler/message/send', { play_id: longest, is_loop: true, dialogue_id: latest.dialogue_id });
      if (again.body.status_code !== 0) throw new Error(`regenerate: ${again.body.status_code} ${again.body.status_message}`);
      const err = await readReply(player, latest.dialogue_id, again.body.data!.seq_st, REPLY.join(''));
      if (err) throw new Error(err);
    }
    const withAlternatives = await fewestReads('After the alternatives.');
    const sameAlt = readsOf(withAlternatives) <= readsOf(after);
    if (!sameAlt) failed = true;
    console.log(
      `message/send reads per turn on the ${SIZES[SIZES.length - 1]}-dialogue play after a reply with ${REPLY_ALTERNATIVES_MAX} alternatives: ${readsOf(withAlternatives)} (must add none to ${readsOf(after)}) ${sameAlt ? 'PASS' : 'FAIL'}`,
    );
    const listOnce = async (playId: string) => {
      const t0 = performance.now();
      const res = await player.call<{ dialogues: unknown[]; last_seq: number }>(`/api/tyler/dialogue_list?play_id=${playId}`);
      const ms = performance.now() - t0;
      if (res.body.status_code !== 0 || res.body.data!.dialogues.length !== 50) throw new Error(`dialogue_list: ${JSON.stringify(res.body).slice(0, 300)}`);
      return ms;
    };
    // The sizes take turns call by call, so a busy moment of the machine falls on all of them alike.
    for (let i = 0; i < WARMUP + LIST_CALLS; i += 1) {
      for (const p of plays) {
        const ms = await listOnce(p.playId);
        if (i >= WARMUP) p.lists.push(ms);
      }
    }
    for (let i = 0; i < WARMUP + SENDS; i += 1) {
      for (const p of plays) {
        const r = await oneTurn(player, p.playId, `I look at the water, turn ${i}.`);
        if (r.error) throw new Error(`turn ${i} on the ${p.size}-dialogue play: ${r.error}`);
        if (i >= WARMUP) p.sends.push(r.sendMs);
      }
    }
    for (const p of plays) results.push({ size: p.size, list: stats(p.lists), send: stats(p.sends) });
    const [small, ...bigger] = results as [(typeof results)[0], ...typeof results];
    for (const r of results) {
      console.log(`dialogue_list with ${r.size} dialogues: p50 ${f(r.list.p50)} p99 ${f(r.list.p99)} (n=${LIST_CALLS})`);
      console.log(`message/send with ${r.size} dialogues and ${MEMORY_PIN_MAX} pins: p50 ${f(r.send.p50)} p99 ${f(r.send.p99)} (n=${SENDS})`);
    }
    for (const big of bigger) {
      for (const [name, key] of [['dialogue_list', 'list'], ['message/send', 'send']] as const) {
        const ratio = big[key].p50 / small[key].p50;
        const ok = ratio <= RATIO_TARGET;
        if (!ok) failed = true;
        console.log(`${name} p50 ratio ${big.size} / ${small.size} dialogues: ${ratio.toFixed(2)}x (<= ${RATIO_TARGET}x) ${ok ? 'PASS' : 'FAIL'}`);
      }
    }

    // Many players at once: sign in and start first (not timed), then one turn each, all together.
    const players: Array<{ client: CookieClient; playId: string }> = [];
    for (let i = 0; i < CONCURRENT; i += 1) {
      const client = await signInByPhone(api.baseUrl, `+1202556${String(i).padStart(4, '0')}`, ADULT);
      const started = await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
      if (started.body.status_code !== 0) throw new Error(`start_play: ${JSON.stringify(started.body).slice(0, 300)}`);
      players.push({ client, playId: started.body.data!.play_info.play_id });
    }
    const t0 = performance.now();
    const outcomes = await Promise.all(players.map((p, i) => oneTurn(p.client, p.playId, `Hello from player ${i}.`).catch((err: unknown) => ({ sendMs: 0, error: String(err) }))));
    const wall = performance.now() - t0;
    const errors = outcomes.filter((o) => o.error !== null);
    for (const e of errors.slice(0, 5)) console.log(`  error: ${e.error}`);
    const sendStats = stats(outcomes.map((o) => o.sendMs));
    console.log(
      `${CONCURRENT} concurrent streaming plays on one api process: ${errors.length} errors (must be 0) ${errors.length === 0 ? 'PASS' : 'FAIL'}, wall ${f(wall)} ms, message/send p50 ${f(sendStats.p50)} p99 ${f(sendStats.p99)}`,
    );
    if (errors.length > 0) failed = true;
  } finally {
    await api.stop();
    await fake.close();
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
