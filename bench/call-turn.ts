// A call's turn: `npx tsx bench/call-turn.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on embedded-mongo (as the tests run it), its model the loopback fake
// OpenAI-compatible server (api/test/support/fakeOpenAI.ts) streaming a reply of three sentences, a token every
// DELAY_MS. A player makes a call on the `/call` socket and speaks an utterance made with eSpeak NG (16 kHz PCM),
// sent in 100 ms messages paced in real time, followed by silence, as a microphone sends it. The figure is the time
// from the end of the utterance (the last message holding speech sent) to the first byte of the first clip of the
// reply (its `call:audio` URL fetched), in milliseconds: it holds the 350 ms of silence that ends an utterance,
// recognition (pocketsphinx, warm: most of it done while the utterance is spoken), the turn (send, the model's
// first sentence) and speech (eSpeak NG). Each stage is printed too, from the events' arrival: recognised (the
// first `call:transcript`), turn sent (the one with the player's line id), first words (`call:reply`), first clip
// (`call:audio`). TURNS turns after WARMUP, p50 and p95 printed. Target: p50 <= 1500 ms.
import { signInByPhone, startTestApi } from '../api/test/helpers';
import { FakeOpenAI, directorAnswer, type FakeRequest } from '../api/test/support/fakeOpenAI';
import { ADULT, nextPhone, publishStory } from '../api/test/support/playStories';
import { callSocket } from '../api/test/support/callSpeech';
import { speak } from './call-asr';

const TURNS = Number(process.env.BENCH_CALL_TURNS ?? 10);
const WARMUP = 2;
const DELAY_MS = 40;
let turn = 0;

function reply(req: FakeRequest) {
  if (!req.stream) return directorAnswer(req, false);
  turn += 1;
  return { kind: 'stream' as const, tokens: ['[Gentle] ', 'My name ', `is Mira ${turn}. `, 'I keep ', 'the lamp. ', 'Who are you?'], delayMs: DELAY_MS };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = (): number => performance.now();
/** The first `event` received after the `seen`th event (polled every 5 ms). */
async function after(events: Array<{ event: string; data: { who?: string; url?: string } }>, seen: number, event: string, who?: string) {
  const end = now() + 30_000;
  for (;;) {
    const e = events.slice(seen).find((x) => x.event === event && (who === undefined || x.data.who === who));
    if (e) return e.data;
    if (now() > end) throw new Error(`no ${event}`);
    await sleep(5);
  }
}
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

async function main(): Promise<void> {
  const fake = await FakeOpenAI.start(reply);
  const api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', DAILY_CHAT_LIMIT: '10000', ...fake.apiEnv } });
  try {
    const { storyId } = await publishStory(api.baseUrl);
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    const callId = (await client.post<{ call: { call_id: string } }>('/api/tyler/call/create', { play_id: playId })).body.data!.call.call_id;
    const call = await callSocket(api.baseUrl, client);
    // When each event arrived, for the stages.
    const at: Array<{ event: string; t: number; data: { input_dialogue_id?: string } }> = [];
    call.socket.onAny((event: string, data: { input_dialogue_id?: string }) => at.push({ event, t: now(), data }));
    await call.join(callId);
    // The speech up to its last sound (past -50 dBFS): the silence speak() and eSpeak NG put after it is cut, so the
    // utterance ends with the last message holding speech.
    const spoken = speak('what is your name');
    let last = spoken.length - 2;
    while (last > 0 && Math.abs(spoken.readInt16LE(last)) < 104) last -= 2;
    const speech = spoken.subarray(0, last + 2);
    const times: number[] = [];
    const stages: Record<string, number[]> = { heard: [], sent: [], words: [], clip: [] };
    for (let i = 0; i < TURNS + WARMUP; i++) {
      const seen = call.events.length;
      const seenAt = at.length;
      // Speech paced in real time, then silence until the reply's first clip.
      for (let t = 0; t < speech.length; t += 3200) {
        call.socket.emit('audio', speech.subarray(t, Math.min(speech.length, t + 3200)));
        await sleep(100);
      }
      const ended = now();
      let silence = true;
      const quiet = (async () => {
        while (silence) {
          call.socket.emit('audio', Buffer.alloc(3200));
          await sleep(100);
        }
      })();
      const audio = await after(call.events, seen, 'call:audio');
      const res = await fetch(new URL(audio.url!, api.baseUrl));
      const reader = res.body!.getReader();
      await reader.read();
      const ms = now() - ended;
      void reader.cancel();
      await after(call.events, seen, 'call:speaking', 'none');
      silence = false;
      await quiet;
      const mine = at.slice(seenAt);
      const first = (event: string, where: (d: { input_dialogue_id?: string }) => boolean = () => true) => (mine.find((e) => e.event === event && where(e.data))?.t ?? NaN) - ended;
      const part = { heard: first('call:transcript'), sent: first('call:transcript', (d) => !!d.input_dialogue_id), words: first('call:reply'), clip: first('call:audio') };
      if (i >= WARMUP) {
        times.push(ms);
        for (const [k, v] of Object.entries(part)) stages[k]!.push(v);
      }
      console.log(`  turn ${i + 1}${i < WARMUP ? ' (warm-up)' : ''}: ${ms.toFixed(0)} ms (recognised ${part.heard.toFixed(0)}, turn sent ${part.sent.toFixed(0)}, first words ${part.words.toFixed(0)}, first clip ${part.clip.toFixed(0)})`);
    }
    call.close();
    const p50 = pct(times, 50);
    console.log(`end of utterance to first sound: p50 ${p50.toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms over ${TURNS} turns`);
    console.log(`stages, p50 ms after the end of the utterance: recognised (silence cut + recognition) ${pct(stages.heard!, 50).toFixed(0)}, turn sent ${pct(stages.sent!, 50).toFixed(0)}, first words of the reply ${pct(stages.words!, 50).toFixed(0)}, first clip announced ${pct(stages.clip!, 50).toFixed(0)}, its first byte ${p50.toFixed(0)}`);
    console.log(`${p50 <= 1500 ? 'PASS' : 'FAIL'}: p50 <= 1500 ms`);
    if (p50 > 1500) process.exitCode = 1;
  } finally {
    await api.stop();
    await fake.close();
  }
}

void main();
