// Spoken replies: `npx tsx bench/tts.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on embedded-mongo (as the tests run it), its model a loopback fake
// OpenAI-compatible server (api/test/support/fakeOpenAI.ts) that streams a reply of three sentences, a token every
// DELAY_MS; every turn's first sentence is new (it carries the turn's number), so no clip comes from the cache. A
// player sends a message and reads `message/stream_reply?tts=1` of the reply as the play panel does; as soon as the
// first `audio` event arrives the clip is fetched, and the time of its first byte is taken. The figure is the time
// from the first token (the first `delta` the client holds) to the first byte of the first clip, in milliseconds; it
// includes the model writing the rest of the first sentence (two more tokens, 2 x DELAY_MS), so the part after the
// sentence is complete (the delta that completes it to the clip's first byte) is printed beside it:
//   - offline: eSpeak NG compiled to WebAssembly on its own thread (the default engine);
//   - endpoint: an OpenAI-compatible POST /audio/speech (TTS_MODEL set), the fake answering at once;
//   - cached: the same turn again (its clips in the cache), the endpoint's api.
// TURNS turns each after WARMUP, p50 and p95 printed. No targets: the figures are reported.
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from '../api/test/helpers';
import { FakeOpenAI, directorAnswer, type FakeRequest } from '../api/test/support/fakeOpenAI';
import { ADULT, eachRawEvent, nextPhone, publishStory } from '../api/test/support/playStories';

const TURNS = Number(process.env.BENCH_TTS_TURNS ?? 30);
const WARMUP = 3;
const DELAY_MS = 40;

let turn = 0;
/** Fixed by the cached round: every turn then says what the first turn said. */
let fixedTurn: number | null = null;

function reply(req: FakeRequest) {
  if (!req.stream) return directorAnswer(req, false);
  turn += 1;
  const n = fixedTurn ?? turn;
  return {
    kind: 'stream' as const,
    tokens: ['[Gentle] ', 'The lamp ', `number ${n} `, 'is lit. ', 'Come inside, ', 'traveller! ', 'The night is cold ', 'and the sea is loud.'],
    delayMs: DELAY_MS,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

/** One turn: from the first token the client holds, and from the first sentence complete, to the first byte of the first clip. */
async function timeTurn(client: CookieClient, playId: string): Promise<{ fromToken: number; fromSentence: number }> {
  const sent = await client.post<{ reply_dialogue_ids: string[]; seq_st: number }>('/api/tyler/message/send', { play_id: playId, message: 'Is the lamp lit?' });
  if (sent.body.status_code !== 0) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
  const replyId = sent.body.data!.reply_dialogue_ids[0]!;
  const headers = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  const res = await fetch(`${client.baseUrl}/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${sent.body.data!.seq_st}&tts=1`, { headers });
  let firstToken = NaN;
  let sentenceDone = NaN;
  /** When the client held each length of the reply's text. */
  const lengths: Array<{ length: number; at: number }> = [];
  let firstByte: Promise<number> | null = null;
  await eachRawEvent(res.body!, ({ event, data, at }) => {
    if (event === 'delta') {
      if (Number.isNaN(firstToken)) firstToken = at;
      const d = JSON.parse(data) as { offset: number; text: string };
      lengths.push({ length: d.offset + d.text.length, at });
    }
    if (event === 'audio' && !firstByte) {
      const { url, end } = JSON.parse(data) as { url: string; end: number };
      sentenceDone = lengths.find((l) => l.length >= end)?.at ?? NaN;
      firstByte = (async () => {
        const clip = await fetch(client.baseUrl + url, { headers });
        const reader = clip.body!.getReader();
        const { value } = await reader.read();
        const at = now();
        if (!value || value.length === 0) throw new Error('an empty clip');
        await reader.cancel();
        return at;
      })();
    }
    return event === 'done';
  });
  if (!firstByte) throw new Error('no audio event in the turn');
  const byte = await firstByte;
  return { fromToken: byte - firstToken, fromSentence: byte - sentenceDone };
}

async function round(label: string, api: TestApi, storyId: string): Promise<void> {
  const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const started = await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
  const playId = started.body.data!.play_info.play_id;
  const fromToken: number[] = [];
  const fromSentence: number[] = [];
  for (let i = 0; i < WARMUP + TURNS; i += 1) {
    const t = await timeTurn(client, playId);
    if (i < WARMUP) continue;
    fromToken.push(t.fromToken);
    fromSentence.push(t.fromSentence);
  }
  fromToken.sort((a, b) => a - b);
  fromSentence.sort((a, b) => a - b);
  const p = (xs: number[]) => `p50: ${percentile(xs, 50).toFixed(1)} ms, p95: ${percentile(xs, 95).toFixed(1)} ms`;
  console.log(`${label.padEnd(9)} first token -> first audio byte ${p(fromToken)}; first sentence complete -> first audio byte ${p(fromSentence)} (n=${fromToken.length})`);
}

async function main(): Promise<void> {
  const fake = await FakeOpenAI.start(reply);
  const env = { SMS_IP_SENDS_PER_HOUR: '10000', REVIEW_POLL_MS: '20', TTS_DAILY_QUOTA: '100000', DAILY_CHAT_LIMIT: '100000', ...fake.apiEnv };
  try {
    const offline = await startTestApi({ env });
    try {
      const { storyId } = await publishStory(offline.baseUrl);
      await round('offline', offline, storyId);
    } finally {
      await offline.stop();
    }
    const endpoint = await startTestApi({ env: { ...env, TTS_MODEL: 'fake-tts' } });
    try {
      const { storyId } = await publishStory(endpoint.baseUrl);
      await round('endpoint', endpoint, storyId);
      fixedTurn = 1;
      await round('cached', endpoint, storyId);
    } finally {
      await endpoint.stop();
    }
  } finally {
    await fake.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
