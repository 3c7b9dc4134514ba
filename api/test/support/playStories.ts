import { ADULT, save, storyPayload } from '../editor.support';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from '../helpers';
import type { FakeOpenAI, FakeRequest } from './fakeOpenAI';

export { ADULT };

let phoneSeq = 0;
/** A distinct valid phone number per call within one test process. */
export function nextPhone(): string {
  phoneSeq += 1;
  return `+1202555${String(100 + phoneSeq).padStart(4, '0')}`;
}

/** A creator account that publishes `story` and waits until review has passed it. */
export async function publishStory(
  baseUrl: string,
  overrides: Parameters<typeof storyPayload>[0] = {},
  creator?: CookieClient,
) {
  const client = creator ?? (await signInByPhone(baseUrl, nextPhone(), ADULT));
  const res = await save(client, { ...storyPayload(overrides), publish_type: 'Publish' });
  if (res.body.status_code !== 0) throw new Error(`publish failed: ${JSON.stringify(res.body)}`);
  const storyId = res.body.data!.story_id;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const info = await client.call<{ version_id: string }>(`/api/tyler/story/info?story_id=${storyId}`);
    if (info.body.status_code === 0)
      return { creator: client, storyId, versionId: info.body.data!.version_id };
    if (Date.now() > deadline)
      throw new Error(`story ${storyId} did not pass review: ${JSON.stringify(info.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface SseEvent {
  event: string;
  id: string | undefined;
  data: Record<string, unknown>;
}

/** A server-sent event as it came: its data unparsed, and `at`, when its bytes arrived (the monotonic clock in ms). */
export interface RawSseEvent {
  event: string;
  id: string | undefined;
  data: string;
  at: number;
}

/**
 * Calls `onEvent` with each server-sent event of `body` that carries data, until it returns true or the body ends.
 * `at` uses the clock every process shares (benchmarks compare it across processes).
 */
export async function eachRawEvent(body: ReadableStream<Uint8Array>, onEvent: (event: RawSseEvent) => boolean | void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const part of body as unknown as AsyncIterable<Uint8Array>) {
    const at = Number(process.hrtime.bigint()) / 1e6;
    buffer += decoder.decode(part, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      let id: string | undefined;
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data !== '' && onEvent({ event, id, data, at }) === true) return;
    }
  }
}

/** `eachRawEvent` with each event's data parsed as JSON. */
function eachEvent(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => boolean | void): Promise<void> {
  return eachRawEvent(body, ({ event, id, data }) => onEvent({ event, id, data: JSON.parse(data) as Record<string, unknown> }));
}

/**
 * Opens `stream_reply` and returns once its headers are in: `events` fills as they come, `ended` settles when the
 * stream is over, `close` drops the connection. `stopAfter` drops it once it returns true (a client that leaves
 * mid-reply).
 */
export async function openStream(client: CookieClient, pathAndQuery: string, stopAfter?: (events: SseEvent[]) => boolean) {
  const controller = new AbortController();
  const headers = new Headers();
  headers.set('cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  const res = await fetch(client.baseUrl + pathAndQuery, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let aborted = false;
  const close = () => {
    aborted = true;
    controller.abort();
  };
  const ended = (async () => {
    if (!res.body) return;
    try {
      await eachEvent(res.body, (event) => {
        events.push(event);
        if (!stopAfter?.(events)) return false;
        close();
        return true;
      });
    } catch (err) {
      if (!aborted) throw err;
    }
  })();
  return { res, events, ended, close, aborted: () => aborted };
}

/** Reads `stream_reply` to its end as server-sent events; see `openStream` for `stopAfter`. */
export async function readStream(
  client: CookieClient,
  pathAndQuery: string,
  stopAfter?: (events: SseEvent[]) => boolean,
): Promise<{ events: SseEvent[]; status: number; contentType: string | null; aborted: boolean }> {
  const stream = await openStream(client, pathAndQuery, stopAfter);
  await stream.ended;
  return { events: stream.events, status: stream.res.status, contentType: stream.res.headers.get('content-type'), aborted: stream.aborted() };
}

/** Sends `body` on play `playId` through `client`, expects it taken, and reads the reply's stream to its end. */
export async function playTurn<T extends Sent = Sent>(client: CookieClient, playId: string, body: Record<string, unknown>): Promise<T> {
  const sent = await client.post<T>('/api/tyler/message/send', { play_id: playId, ...body });
  expect(sent.body.status_code).toBe(0);
  const data = sent.body.data!;
  await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${data.reply_dialogue_ids[0]}&seq_st=${data.seq_st}`);
  return data;
}

/** The play's dialogues as `client` lists them (up to 200). */
export async function dialoguesOf<T extends Dlg = Dlg>(client: CookieClient, playId: string): Promise<T[]> {
  return (await client.call<{ dialogues: T[] }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`)).body.data!.dialogues;
}

/** The conversation the fake model was last asked to continue (its last streamed request), as one text. */
export function lastStreamedPrompt(fake: FakeOpenAI): string {
  const streamed = fake.requests.filter((r: FakeRequest) => r.stream);
  return streamed[streamed.length - 1]!.messages.map((m) => m.content).join('\n');
}

/** The text a client would show for `dialogueId`: its deltas joined in order. */
export function textOf(events: SseEvent[], dialogueId: string): string {
  return events
    .filter((e) => e.event === 'delta' && e.data.dialogue_id === dialogueId)
    .map((e) => String(e.data.text))
    .join('');
}

/** The dialogue as the play routes send it (see play.presenter.ts). */
export interface Dlg {
  dialogue_id: string;
  seq: number;
  type: string;
  status: string;
  content: string;
  character_id: string;
  emotion: string;
  done: boolean;
  error_code: number;
  /** Summary dialogues: the last sequence number they fold in. */
  covers_upto_seq?: number;
}

export interface PlayInfo {
  play_id: string;
  status: string;
  chapter_index: number;
  node_id: string;
  ai_mode: string;
  ending: { type: string; content: string } | null;
}

/** `data` of `story/start_play`. */
export interface Started {
  play_info: PlayInfo;
  dialogues: Dlg[];
}

/** `data` of `message/send`. */
export interface Sent {
  reply_dialogue_ids: string[];
  seq_st: number;
  seq_ed: number;
  input_dialogue: Dlg;
  send_limit: { status: string; code: number; used: number; limit: number } | null;
}

/**
 * Asks for a failed or stopped reply to be written again (`message/send` with `is_loop`) and reads the new reply's
 * stream to its end. Fails the test if the retry is refused.
 */
export async function retryReply(
  client: CookieClient,
  playId: string,
  failedReplyId: string,
): Promise<{ replyId: string; text: string }> {
  const retry = await client.post<Sent>('/api/tyler/message/send', {
    play_id: playId,
    is_loop: true,
    dialogue_id: failedReplyId,
  });
  if (retry.body.status_code !== 0) throw new Error(`retry refused: ${JSON.stringify(retry.body)}`);
  const replyId = retry.body.data!.reply_dialogue_ids[0]!;
  const again = await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${replyId}`);
  return { replyId, text: textOf(again.events, replyId) };
}

export interface PlayStory {
  api: TestApi;
  /** A published story to play. */
  storyId: string;
}

/**
 * Starts an api before a file's tests with one published story, and stops it after them. The fields are set once the
 * tests run: read them inside a test or a hook.
 */
export function usePlayStory(): PlayStory {
  const ctx = {} as PlayStory;
  beforeAll(async () => {
    ctx.api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '0' } });
    ({ storyId: ctx.storyId } = await publishStory(ctx.api.baseUrl));
  }, 60_000);
  afterAll(async () => {
    await ctx.api?.stop();
  });
  return ctx;
}
