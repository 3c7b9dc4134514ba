// A call's turn: `npx tsx bench/call-turn.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on embedded-mongo (as the tests run it), its model the loopback fake
// OpenAI-compatible server (api/test/support/fakeOpenAI.ts) streaming a reply of three sentences, a token every
// DELAY_MS. A player makes a call on the `/call` socket and speaks an utterance made with eSpeak NG (16 kHz PCM),
// sent in 100 ms messages paced in real time, followed by silence, as a microphone sends it. The figure is the time
// from the end of the utterance (the last message holding speech sent) to the first byte of the first clip of the
// reply (its `call:audio` URL fetched), in milliseconds: it holds the 500 ms of silence that ends an utterance,
// recognition (pocketsphinx), the turn (send, the model's first sentence) and speech (eSpeak NG). TURNS turns after
// WARMUP, p50 and p95 printed. Target: p50 <= 1500 ms.
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
    await call.join(callId);
    const speech = speak('what is your name');
    const times: number[] = [];
    for (let i = 0; i < TURNS + WARMUP; i++) {
      const seen = call.events.length;
      // Speech paced in real time, then silence until the reply's first clip.
      for (let at = 0; at < speech.length; at += 3200) {
        call.socket.emit('audio', speech.subarray(at, Math.min(speech.length, at + 3200)));
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
      if (i >= WARMUP) times.push(ms);
      console.log(`  turn ${i + 1}${i < WARMUP ? ' (warm-up)' : ''}: ${ms.toFixed(0)} ms`);
    }
    call.close();
    const p50 = pct(times, 50);
    console.log(`end of utterance to first sound: p50 ${p50.toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms over ${TURNS} turns`);
    console.log(`${p50 <= 1500 ? 'PASS' : 'FAIL'}: p50 <= 1500 ms`);
    if (p50 > 1500) process.exitCode = 1;
  } finally {
    await api.stop();
    await fake.close();
  }
}

void main();
