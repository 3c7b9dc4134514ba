import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';
import { offlinePortraitSvg } from '../../src/ai/portrait.offline';

export interface FakeMessage {
  role: string;
  content: string;
}

export interface FakeRequest {
  model: string;
  stream: boolean;
  messages: FakeMessage[];
  /** The structured output asked for, if any. */
  response_format?: unknown;
  /** Set when the client went away before the answer was complete (a cancelled request). */
  cancelled?: boolean;
}

/** What the fake answers to one request. */
export type FakeBehaviour =
  /**
   * SSE chat completion chunks, one per token, `delayMs` apart (the first after `delayMs` too; `delaysMs[i]`, when
   * given, is the wait before token i instead). `onSent` is told
   * each token's index right after it is written, so a benchmark can time how long it takes to reach a client.
   */
  | { kind: 'stream'; tokens: string[]; delayMs?: number; delaysMs?: number[]; onSent?: (index: number) => void }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'status'; status: number }
  /** Sends `tokens` (maybe none), then nothing more, holding the connection open. */
  | { kind: 'stall'; tokens?: string[] }
  /** Sends `tokens`, then a chunk that is not JSON. */
  | { kind: 'malformed'; tokens?: string[] }
  /** A stream that finishes without any content. */
  | { kind: 'empty' }
  /** A non-streamed completion whose message content is `content`. */
  | { kind: 'json'; content: string };

export type FakeHandler = (request: FakeRequest, index: number) => FakeBehaviour;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A 16 kHz mono 16-bit WAV of a 220 Hz tone lasting `seconds`. */
export function toneWav(seconds: number): Buffer {
  const rate = 16_000;
  const n = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + n * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + n * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i += 1) out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * i) / rate) * 8000), 44 + i * 2);
  return out;
}

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null = null): string {
  const body = { id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/**
 * A loopback OpenAI-compatible server: `POST /v1/chat/completions`, streamed as SSE or not, scripted per test by a
 * handler that sees each request. Records every request it got.
 */
export class FakeOpenAI {
  readonly requests: FakeRequest[] = [];
  private handler: FakeHandler;
  private flags: (text: string) => boolean = () => false;
  /** `/images/generations`: how long each picture takes, and how many were asked for. */
  imageDelayMs = 0;
  imageRequests = 0;
  /** Whether an upright picture (the `n`-th picture asked for, from 1) shows a face; by default every one does. */
  drawsFace: (n: number, prompt: string) => boolean = () => true;
  /** Every picture's prompt, in order. */
  readonly imagePrompts: string[] = [];
  /** `/audio/speech`: every request's body, how long each clip takes, and the status to answer (200 by default). */
  readonly speechRequests: Array<{ model: string; voice: string; input: string; response_format?: string }> = [];
  speechDelayMs = 0;
  speechStatus = 200;
  /** `/audio/transcriptions`: what it heard in every recording (by default `transcript`), each request, the status. */
  transcript = '';
  hear: ((request: { model: string; language: string; bytes: number }) => string) | null = null;
  readonly transcriptionRequests: Array<{ model: string; language: string; bytes: number }> = [];
  transcriptionStatus = 200;
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();
  url = '';

  /** The api settings that point its openai-compatible provider at this fake. */
  get apiEnv(): Record<string, string> {
    return { LLM_BASE_URL: this.url, LLM_API_KEY: 'test-key', LLM_MODEL: 'fake-model' };
  }

  constructor(handler: FakeHandler) {
    this.handler = handler;
    this.server = http.createServer((req, res) => void this.serve(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  static async start(handler: FakeHandler): Promise<FakeOpenAI> {
    const fake = new FakeOpenAI(handler);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
    return fake;
  }

  script(handler: FakeHandler): void {
    this.handler = handler;
  }

  /** `/moderations`: how long each verdict takes, and how many were asked for. */
  moderationDelayMs = 0;
  moderationRequests = 0;

  /** Which texts `/moderations` flags (none by default). */
  flagWhen(predicate: (text: string) => boolean): void {
    this.flags = predicate;
  }

  /** Chat (streamed) requests so far. */
  get streamed(): FakeRequest[] {
    return this.requests.filter((r) => r.stream);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const body = Buffer.concat(parts);
    const raw = body.toString('utf8');
    if (req.method === 'POST' && req.url?.endsWith('/audio/transcriptions')) {
      // A multipart form: the fields are read from the text, the file's size from the bytes between its headers and
      // the next boundary.
      const field = (name: string): string => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(raw)?.[1] ?? '';
      const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1] ?? '';
      const fileStart = body.indexOf('name="file"');
      const dataStart = body.indexOf('\r\n\r\n', fileStart) + 4;
      const dataEnd = body.indexOf(`\r\n--${boundary}`, dataStart);
      const asked = { model: field('model'), language: field('language'), bytes: fileStart < 0 ? 0 : dataEnd - dataStart };
      this.transcriptionRequests.push(asked);
      if (this.transcriptionStatus !== 200) {
        res.writeHead(this.transcriptionStatus, { 'content-type': 'application/json' }).end('{"error":{"message":"transcription failed"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: this.hear ? this.hear(asked) : this.transcript }));
      return;
    }
    if (req.method === 'POST' && req.url?.endsWith('/moderations')) {
      // Clean verdicts unless a test said which texts to flag.
      this.moderationRequests += 1;
      if (this.moderationDelayMs > 0) await sleep(this.moderationDelayMs);
      const input = (JSON.parse(raw) as { input: string | string[] }).input;
      const texts = Array.isArray(input) ? input : [input];
      const verdict = (text: string) =>
        this.flags(text) ? { flagged: true, categories: { violence: true }, category_scores: { violence: 0.99 } } : { flagged: false, categories: {}, category_scores: {} };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'modr-1', model: 'fake', results: texts.map(verdict) }));
      return;
    }
    if (req.method === 'POST' && req.url?.endsWith('/audio/speech')) {
      // A WAV of a tone as long as the text would take to read (70 ms a character), after `speechDelayMs`.
      const asked = JSON.parse(raw) as { model: string; voice: string; input: string; response_format?: string };
      this.speechRequests.push(asked);
      if (this.speechDelayMs > 0) await sleep(this.speechDelayMs);
      if (res.destroyed) return;
      if (this.speechStatus !== 200) {
        res.writeHead(this.speechStatus, { 'content-type': 'application/json' }).end('{"error":{"message":"speech failed"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(toneWav(Math.max(0.3, asked.input.length * 0.07)));
      return;
    }
    if (req.method === 'POST' && req.url?.endsWith('/images/generations')) {
      // A picture of the asked size, after `imageDelayMs`: a portrait with a face for an upright size (characters
      // and covers; a character picture must show a face) unless `drawsFace` says no, a flat colour otherwise.
      this.imageRequests++;
      const asked = JSON.parse(raw) as { size?: string; prompt?: string };
      this.imagePrompts.push(asked.prompt ?? '');
      const face = this.drawsFace(this.imageRequests, asked.prompt ?? '');
      const [w = 1024, h = 1024] = String(asked.size ?? '1024x1024').split('x').map(Number);
      if (this.imageDelayMs > 0) await sleep(this.imageDelayMs);
      const png =
        h > w && face
          ? await sharp(Buffer.from(offlinePortraitSvg({ prompt: asked.prompt ?? '', width: w, height: h }, 200))).png().toBuffer()
          : await sharp({ create: { width: w, height: h, channels: 3, background: { r: 90, g: 120, b: 160 } } }).png().toBuffer();
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ created: 0, data: [{ b64_json: png.toString('base64') }] }));
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const chat = JSON.parse(raw) as { model: string; stream?: boolean; messages: FakeMessage[]; response_format?: unknown };
    const request: FakeRequest = { model: chat.model, stream: chat.stream === true, messages: chat.messages, response_format: chat.response_format };
    this.requests.push(request);
    const behaviour = this.handler(request, this.requests.length - 1);
    const id = `chatcmpl-${this.requests.length}`;
    if (behaviour.kind === 'status') {
      res.writeHead(behaviour.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
      return;
    }
    if (behaviour.kind === 'json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: 0,
          model: chat.model,
          choices: [{ index: 0, message: { role: 'assistant', content: behaviour.content }, finish_reason: 'stop' }],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk(id, chat.model, { role: 'assistant', content: '' }));
    const tokens = behaviour.kind === 'empty' ? [] : (behaviour.tokens ?? []);
    const delay = behaviour.kind === 'stream' ? (behaviour.delayMs ?? 0) : 0;
    const onSent = behaviour.kind === 'stream' ? behaviour.onSent : undefined;
    const delays = behaviour.kind === 'stream' ? behaviour.delaysMs : undefined;
    for (const [i, token] of tokens.entries()) {
      const wait = delays?.[i] ?? delay;
      if (wait > 0) await sleep(wait);
      if (res.destroyed) {
        request.cancelled = true;
        return;
      }
      res.write(chunk(id, chat.model, { content: token }));
      onSent?.(i);
    }
    if (behaviour.kind === 'stall') return;
    if (behaviour.kind === 'malformed') {
      res.write('data: {"choices": [ this is not json\n\n');
      res.end();
      return;
    }
    res.write(chunk(id, chat.model, {}, 'stop'));
    res.end('data: [DONE]\n\n');
  }
}

/** A handler for the director's and summariser's JSON calls: objective met when `met(request)` says so. */
export function directorAnswer(request: FakeRequest, met: boolean): FakeBehaviour {
  const system = request.messages[0]?.content ?? '';
  if (system.includes('director')) return { kind: 'json', content: JSON.stringify({ met, failed: false, reason: met ? 'objective reached' : 'not yet' }) };
  return { kind: 'json', content: 'The player arrived and spoke with the keeper.' };
}
