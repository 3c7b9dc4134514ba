import { contractOf, RESPONSE_CONTRACTS } from 'shared-kit/schemas';
import type { AppRouter } from '../src/lib/context';
import { startTestApi, type TestApi } from './helpers';

/**
 * Calls that do not answer with a JSON envelope, or whose answer is checked by a schema of the api's own (these
 * serve operators and tests, not the front ends).
 */
const NOT_IN_CONTRACTS: Record<string, string> = {
  'GET /passport/oauth/:provider/start': 'a redirect to the provider',
  'GET /passport/oauth/:provider/callback': 'a redirect back into the product',
  'GET /editor/audio/:file': 'an audio file',
  'GET /voice/audio/:key': 'a spoken sentence (audio file)',
  'GET /share/video/:file': 'a play rendered as a video (MP4, with ranges)',
  'GET /editor/art/:file': 'a picture',
  'GET /media/:id': 'an uploaded file',
  'GET /tyler/message/stream_reply': 'a stream of server-sent events',
  'GET /tyler/play/export': "a file: the play as SillyTavern's chat JSONL or as plain text",
  'GET /health': "the api's own schema (modules/health/health.schema.ts)",
  'GET /dev/sms_outbox': 'development only, read by tests',
  'POST /dev/play_history': 'development only, used by benchmarks and browser tests',
  'POST /dev/chat_quota': 'development only, used by browser tests of the daily limit',
  'POST /dev/weekly_report': 'development only, runs the weekly report job for a week (browser tests)',
  'GET /dev/play_clock': "development only (DEV_PLAY_CLOCK): play time's clock offset, read by browser tests",
  'POST /dev/play_clock': "development only (DEV_PLAY_CLOCK): moves play time's clock (browser tests)",
  'GET /s/:code': "a share link's landing page (HTML)",
  'GET /commerce/sandbox/checkout/:id': "the sandbox provider's checkout page (HTML)",
  'POST /commerce/sandbox/checkout/:id/pay': 'a redirect back to the membership page, after the sandbox webhook',
};

describe('response contracts', () => {
  let api: TestApi;
  let router: AppRouter | undefined;
  beforeAll(async () => {
    api = await startTestApi({
      extraRoutes: (r) => {
        router = r;
      },
    });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('covers every JSON call the api routes, and names no call it does not route', () => {
    // The media and custom-voice middlewares route uploads and files themselves, ahead of the JSON body parser.
    const routed = new Set<string>(['POST /editor/upload', 'GET /media/:id', 'POST /editor/ugc_voice/create']);
    for (const layer of router!.stack) {
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        routed.add(`${method} ${String(layer.path).replace(/^\/api(?=\/)/, '')}`);
      }
    }
    const missing = [...routed].filter((k) => !(k in NOT_IN_CONTRACTS) && !contractOf(k.split(' ')[0]!, k.split(' ')[1]!));
    expect(missing).toEqual([]);
    const unknown = Object.keys(RESPONSE_CONTRACTS).filter((k) => !routed.has(k));
    expect(unknown).toEqual([]);
    expect(Object.keys(NOT_IN_CONTRACTS).filter((k) => !routed.has(k))).toEqual([]);
  });

  it('refuses an answer that breaks its contract instead of sending it', async () => {
    const res = await fetch(`${api.baseUrl}/api/tyler/user/common_config`);
    const body = (await res.json()) as { status_code: number };
    expect(body.status_code).toBe(0);
    // The same check the middleware runs, on a drifted answer.
    const schema = contractOf('GET', '/api/tyler/user/common_config')!;
    expect(schema.safeParse({ limits: {}, image_styles: [], providers: { phone: 'yes' } }).success).toBe(false);
  });
});
