import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { ErrorCode } from 'shared-kit';
import { offlinePortraitSvg } from '../src/ai/portrait.offline';
import { ImageQuota } from '../src/modules/editor/imageQuota.model';
import { signInByPhone, startTestApi, CookieClient, type TestApi } from './helpers';
import { ADULT } from './editor.support';

interface Generated {
  id: string;
  url: string;
  width: number;
  height: number;
  quota: { count: number; remain: number; total: number };
}
interface Issues {
  errors?: Array<{ path: string; message: string }>;
}

const GENERATE = '/api/editor/image/generate';
const character = (prompt: string, extra: Record<string, unknown> = {}) => ({
  use: 'character',
  prompt,
  character_name: 'Mira',
  image_generate_style: { code: 'anime' },
  ...extra,
});

let phone = 0;
const newUser = (api: TestApi) => signInByPhone(api.baseUrl, `+1202555${String(1100 + (phone += 1))}`, ADULT);

describe('image generation: offline artwork', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', IMAGE_DAILY_QUOTA: '3' } });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('draws a character picture from the prompt, stores it like an upload and serves it', async () => {
    const alice = await newUser(api);
    const res = await alice.post<Generated>(GENERATE, character('Silver hair, a storm lantern, a yellow raincoat'));
    expect(res.body.status_code).toBe(0);
    const g = res.body.data!;
    expect(g).toMatchObject({ width: 768, height: 1024, quota: { count: 1, remain: 2, total: 3 } });
    expect(g.url).toBe(`/api/media/${g.id}`);
    const got = await fetch(api.baseUrl + g.url);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toMatch(/immutable/);
    const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 768, 1024]);

    // The same prompt draws the same picture (same bytes, so the same ETag); another prompt a different one.
    const again = (await alice.post<Generated>(GENERATE, character('Silver hair, a storm lantern, a yellow raincoat'))).body.data!;
    const other = (await alice.post<Generated>(GENERATE, { use: 'background', prompt: 'A harbour at night' })).body.data!;
    expect(other).toMatchObject({ width: 1024, height: 576 });
    const etag = async (url: string) => (await fetch(api.baseUrl + url)).headers.get('etag');
    expect(await etag(again.url)).toBe(await etag(g.url));
    expect(await etag(other.url)).not.toBe(await etag(g.url));
  });

  it('refuses after the daily quota, saying what is needed and what is left, and counts per user and day', async () => {
    const bob = await newUser(api);
    for (let i = 0; i < 3; i += 1) {
      expect((await bob.post(GENERATE, { use: 'cover', prompt: `Cover ${i}` })).body.status_code).toBe(0);
    }
    const over = await bob.post<{ needed: number; remain: number; total: number }>(GENERATE, { use: 'cover', prompt: 'One more' });
    expect(over.body.status_code).toBe(ErrorCode.RequestOverLimit);
    expect(over.body.status_message).toMatch(/daily AI quota reached for images: this needs 1 picture, and you can draw 0 pictures more today/i);
    expect(over.body.data).toEqual({ needed: 1, remain: 0, total: 3 });
    const day = new Date().toISOString().slice(0, 10);
    const me = await bob.call<{ uid: string }>('/api/tyler/user/detail');
    expect(await ImageQuota.findOne({ uid: me.body.data!.uid, day }).lean()).toMatchObject({ count: 3 });
    // Someone else still has a full quota.
    const carol = await newUser(api);
    expect((await carol.post<Generated>(GENERATE, { use: 'cover', prompt: 'Mine' })).body.data?.quota.remain).toBe(2);
  });

  it('needs a prompt (at most 500) and, for a character, a name; checks style and words; takes no quota for a refusal', async () => {
    const dave = await newUser(api);
    const pathOf = async (body: unknown) => {
      const res = await dave.post<Issues>(GENERATE, body);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      return res.body.data?.errors?.[0];
    };
    expect(await pathOf(character('   '))).toEqual({
      path: 'prompt',
      message: 'An appearance prompt is required before generating a picture',
    });
    expect((await pathOf(character('Tall', { character_name: ' ' })))?.path).toBe('character_name');
    expect((await pathOf(character('x'.repeat(501))))?.message).toBe('At most 500 characters');
    expect((await pathOf({ use: 'avatar', prompt: 'Me' }))?.path).toBe('use');
    expect((await pathOf({ ...character('Tall'), prompt: { $ne: null } }))?.path).toBe('prompt');
    expect((await dave.post(GENERATE, character('x'.repeat(500)))).body.status_code).toBe(0);

    const style = await dave.post(GENERATE, character('Tall', { image_generate_style: { code: 'pixel' } }));
    expect(style.body.status_code).toBe(ErrorCode.StyleNotExist);
    const word = await dave.post(GENERATE, character('Some porn here'));
    expect(word.body.status_code).toBe(ErrorCode.IllegalPrompt);
    const name = await dave.post(GENERATE, character('Tall', { character_name: 'porn' }));
    expect(name.body.status_code).toBe(ErrorCode.IllegalPrompt);
    // Only the one drawing counted.
    expect((await dave.post<Generated>(GENERATE, { use: 'cover', prompt: 'Fine' })).body.data?.quota.count).toBe(2);
  });

  it('is for signed-in creators only', async () => {
    const guest = new CookieClient(api.baseUrl);
    const res = await guest.post(GENERATE, character('Tall'));
    expect(res.body.status_code).toBe(ErrorCode.NeedLogin);
  });
});

describe('image generation: burst limit', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('allows 10 drawings a minute per user, then answers 429 with the wait', async () => {
    const erin = await signInByPhone(api.baseUrl, '+12025551201', ADULT);
    for (let i = 0; i < 10; i += 1) {
      expect((await erin.post(GENERATE, { use: 'background', prompt: `Scene ${i}` })).body.status_code).toBe(0);
    }
    const res = await erin.post<{ retry_after_s: number }>(GENERATE, { use: 'background', prompt: 'Scene 11' });
    expect(res.status).toBe(429);
    expect(res.body.status_code).toBe(ErrorCode.RateLimit);
    expect(res.body.data?.retry_after_s).toBeGreaterThan(0);
  });
});

/** A loopback OpenAI-compatible images endpoint answering with `b64_json`, scripted per test. */
class FakeImages {
  readonly requests: Array<Record<string, unknown>> = [];
  answer: () => Promise<{ status: number; body: unknown }> = async () => ({ status: 500, body: {} });
  private readonly server = http.createServer((req, res) => void this.serve(req, res));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const part of req) raw += String(part);
    if (req.method !== 'POST' || !req.url?.endsWith('/images/generations')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    this.requests.push(JSON.parse(raw) as Record<string, unknown>);
    const { status, body } = await this.answer();
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
/** What a model draws for a character: a portrait whose face the api's check finds. */
const portrait = (width: number, height: number) =>
  sharp(Buffer.from(offlinePortraitSvg({ prompt: 'Mira', width, height }, 30))).png().toBuffer();

describe('image generation: openai-compatible images endpoint', () => {
  let api: TestApi;
  const fake = new FakeImages();
  let frank: CookieClient;
  beforeAll(async () => {
    await fake.start();
    api = await startTestApi({
      env: {
        SMS_IP_SENDS_PER_HOUR: '1000',
        LLM_BASE_URL: fake.url,
        LLM_MODEL: 'fake-chat',
        LLM_IMAGE_MODEL: 'fake-image',
        IMAGE_DAILY_QUOTA: '5',
      },
    });
    frank = await signInByPhone(api.baseUrl, '+12025551301', ADULT);
  });
  afterAll(async () => {
    await api.stop();
    await fake.close();
  });

  it('sends the name, prompt and style to the model and stores the b64_json picture', async () => {
    fake.answer = async () => ({
      status: 200,
      body: { created: 0, data: [{ b64_json: (await portrait(1024, 1536)).toString('base64') }] },
    });
    const res = await frank.post<Generated>(GENERATE, character('Silver hair, a storm lantern'));
    expect(res.body.status_code).toBe(0);
    expect(res.body.data).toMatchObject({ width: 1024, height: 1536, quota: { count: 1, remain: 4 } });
    expect(fake.requests.at(-1)).toMatchObject({ model: 'fake-image', n: 1, size: '1024x1536' });
    expect(fake.requests.at(-1)?.prompt).toMatch(/Mira[\s\S]*Silver hair, a storm lantern[\s\S]*Style: anime/);
    const got = await fetch(api.baseUrl + res.body.data!.url);
    expect(got.headers.get('content-type')).toBe('image/png');

    const cover = await frank.post<Generated>(GENERATE, { use: 'background', prompt: 'A harbour' });
    expect(fake.requests.at(-1)?.size).toBe('1536x1024');
    expect(cover.body.status_code).toBe(0);
  });

  it("answers \"Image can't be generated\" when the endpoint fails or sends an unusable picture, and gives the quota back", async () => {
    const me = await frank.call<{ uid: string }>('/api/tyler/user/detail');
    const day = new Date().toISOString().slice(0, 10);
    const used = async () => (await ImageQuota.findOne({ uid: me.body.data!.uid, day }).lean())?.count;
    const before = await used();

    fake.answer = async () => ({ status: 500, body: { error: { message: 'boom', type: 'server_error' } } });
    const failed = await frank.post(GENERATE, character('Tall'));
    expect(failed.body.status_code).toBe(ErrorCode.ImageGenerateFailed);
    expect(failed.body.status_message).toMatch(/can't be generated/);

    fake.answer = async () => ({ status: 200, body: { data: [{ b64_json: (await png(16, 16)).toString('base64') }] } });
    expect((await frank.post(GENERATE, character('Tall'))).body.status_code).toBe(ErrorCode.ImageGenerateFailed);

    fake.answer = async () => ({ status: 200, body: { data: [{ b64_json: Buffer.from('not a picture').toString('base64') }] } });
    expect((await frank.post(GENERATE, character('Tall'))).body.status_code).toBe(ErrorCode.ImageGenerateFailed);

    fake.answer = async () => ({ status: 200, body: { data: [] } });
    expect((await frank.post(GENERATE, character('Tall'))).body.status_code).toBe(ErrorCode.ImageGenerateFailed);
    expect(await used()).toBe(before);
  });

  it('refuses a drawn character picture without a face ("No face detected") and gives the quota back; a scene needs none', async () => {
    const me = await frank.call<{ uid: string }>('/api/tyler/user/detail');
    const day = new Date().toISOString().slice(0, 10);
    const used = async () => (await ImageQuota.findOne({ uid: me.body.data!.uid, day }).lean())?.count ?? 0;
    const before = await used();
    fake.answer = async () => ({ status: 200, body: { data: [{ b64_json: (await png(1024, 1536)).toString('base64') }] } });
    const faceless = await frank.post(GENERATE, character('Tall'));
    expect(faceless.body).toMatchObject({ status_code: ErrorCode.FaceNotRecognized, data: { reason: 'face' } });
    expect(faceless.body.status_message).toMatch(/^No face detected/);
    expect(await used()).toBe(before);
    const logged = api.logs.find('face check').at(-1);
    expect(logged).toMatchObject({ faces: 0 });
    expect(typeof logged?.ms).toBe('number');

    fake.answer = async () => ({ status: 200, body: { data: [{ b64_json: (await png(1536, 1024)).toString('base64') }] } });
    expect((await frank.post(GENERATE, { use: 'background', prompt: 'A harbour' })).body.status_code).toBe(0);
  });
});
