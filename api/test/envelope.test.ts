import mongoose from 'mongoose';
import { ErrorCode } from 'shared-kit';
import { z } from 'zod';
import { respond } from '../src/lib/envelope';
import { rateLimit } from '../src/lib/rateLimit';
import { validate } from '../src/lib/validate';
import type { AppRouter } from '../src/lib/context';
import { call, postJson, startTestApi, type TestApi } from './helpers';

const Item = mongoose.model('EnvelopeTestItem', new mongoose.Schema({ name: String }));

const echo = validate({
  query: z.object({ count: z.coerce.number().int().min(1).max(5).default(1) }),
  body: z.object({
    name: z.string().min(1).max(10),
    story_id: z.string().optional(),
    tags: z.array(z.string()).max(3).optional(),
  }),
});

const byId = validate({ params: z.object({ id: z.string().regex(/^[a-f0-9]{24}$/, 'Expected a 24-hex id') }) });

function testRoutes(router: AppRouter): void {
  router.post('/api/test/echo', echo, (ctx) => {
    const { query, body } = echo.input(ctx);
    respond(ctx, { count: query.count, name: body.name, story_id: body.story_id ?? null, client: ctx.state.client });
  });
  router.get('/api/test/items/:id', byId, (ctx) => {
    respond(ctx, { id: byId.input(ctx).params.id });
  });
  router.get('/api/test/boom', () => {
    throw new Error('kaboom: internal detail that must stay in the log');
  });
  router.get('/api/test/limited', rateLimit({ name: 'test-limited', windowMs: 60_000, max: 2 }), (ctx) => respond(ctx, { fine: true }));
  // Deliberately unvalidated: proves the mongoose-level filter sanitising on its own.
  router.post('/api/test/raw-find', async (ctx) => {
    const name = (ctx.request.body as { name?: unknown }).name;
    const found = await Item.find({ name }).lean();
    respond(ctx, { count: found.length });
  });
}

describe('envelope, validation and errors over HTTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ extraRoutes: testRoutes });
    await Item.create([{ name: 'alice' }, { name: 'bob' }]);
  });
  afterAll(async () => {
    await api.stop();
  });

  it('wraps a success in { status_code: 0, status_message, data } and echoes typed input', async () => {
    const res = await call(api.baseUrl, '/api/test/echo?count=3', postJson({ name: 'Ada', story_id: 's1', extra: 'ignored' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status_code: 0,
      status_message: 'success',
      data: { count: 3, name: 'Ada', story_id: 's1', client: {} },
    });
  });

  it('turns a wrong type into 1009 naming the field', async () => {
    const res = await call(api.baseUrl, '/api/test/echo', postJson({ name: 'Ada', story_id: 42 }));
    expect(res.status).toBe(200);
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(res.body.status_message).toBe('story_id: Expected string, received number');
    expect(res.body.data).toEqual({ errors: [{ path: 'story_id', message: 'Expected string, received number' }] });
  });

  it('names missing fields, nested paths, query fields and route params', async () => {
    const missing = await call(api.baseUrl, '/api/test/echo', postJson({}));
    expect(missing.body.status_message).toBe('name: Required');
    const nested = await call(api.baseUrl, '/api/test/echo', postJson({ name: 'A', tags: ['ok', 7] }));
    expect(nested.body.status_message).toBe('tags.1: Expected string, received number');
    const query = await call(api.baseUrl, '/api/test/echo?count=9', postJson({ name: 'A' }));
    expect(query.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(query.body.status_message).toMatch(/^count: /);
    const param = await call(api.baseUrl, '/api/test/items/not-an-id');
    expect(param.body.status_message).toBe('id: Expected a 24-hex id');
    const good = await call(api.baseUrl, '/api/test/items/0123456789abcdef01234567');
    expect(good.body.data).toEqual({ id: '0123456789abcdef01234567' });
  });

  it('refuses an operator object where a string belongs: {"name": {"$gt": ""}} -> 1009', async () => {
    const res = await call(api.baseUrl, '/api/test/echo', postJson({ name: { $gt: '' } }));
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(res.body.status_message).toBe('name: Expected string, received object');
  });

  it('neutralises operators that reach mongoose anyway (sanitizeFilter)', async () => {
    const plain = await call<{ count: number }>(api.baseUrl, '/api/test/raw-find', postJson({ name: 'alice' }));
    expect(plain.body.data?.count).toBe(1);
    const injected = await call<{ count: number }>(api.baseUrl, '/api/test/raw-find', postJson({ name: { $ne: null } }));
    expect(injected.body.data?.count ?? 0).toBe(0);
  });

  it('turns malformed JSON into 1009', async () => {
    const res = await call(api.baseUrl, '/api/test/echo', postJson('{"name": "Ada",'));
    expect(res.status).toBe(200);
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(res.body.status_message).toBe('body: Malformed JSON');
    for (const raw of ['"just a string"', '{"__proto__": {"admin": true}, "name": "x"}']) {
      const odd = await call(api.baseUrl, '/api/test/echo', postJson(raw));
      expect(odd.body.status_code).toBe(ErrorCode.ClientParamError);
    }
  });

  it('refuses form and text bodies with 1009 and an over-limit JSON body with 1012', async () => {
    const form = await call(api.baseUrl, '/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada',
    });
    expect(form.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(form.body.status_message).toMatch(/application\/json/);
    const text = await call(api.baseUrl, '/api/test/echo', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(text.body.status_code).toBe(ErrorCode.ClientParamError);
    const big = await call(api.baseUrl, '/api/test/echo', postJson({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(big.body.status_code).toBe(ErrorCode.InputLimit);
  });

  it('lets a whole-story save carry a maximal story in a 3-byte script, but not an unbounded body', async () => {
    // 100 chapters of 3,000 CJK characters: about 900 KB of content, over the general 1 MB once wrapped in JSON.
    const chapter = '\u6545'.repeat(3000);
    const story = { story_name: 'x', nodes: Array.from({ length: 100 }, (_, i) => ({ node_id: String(i), content: chapter })) };
    const fits = await call(api.baseUrl, '/api/editor/story/create', postJson(story));
    expect(fits.body.status_code).not.toBe(ErrorCode.InputLimit);
    const huge = await call(api.baseUrl, '/api/editor/story/create', postJson({ story_name: 'x'.repeat(5 * 1024 * 1024) }));
    expect(huge.body.status_code).toBe(ErrorCode.InputLimit);
  });

  it('hides unknown errors: 1002, request id, no stack; the log line has the id and the stack', async () => {
    const res = await call(api.baseUrl, '/api/test/boom', { headers: { 'x-request-id': 'req-boom-1' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status_code: ErrorCode.Internal, status_message: 'Server error', data: { request_id: 'req-boom-1' } });
    expect(res.headers.get('x-request-id')).toBe('req-boom-1');
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain('kaboom');
    expect(raw).not.toContain('at ');
    const errorLine = api.logs.lines.find((l) => l.level === 50 && l.request_id === 'req-boom-1');
    expect(errorLine).toBeDefined();
    expect(JSON.stringify(errorLine)).toContain('kaboom');
    expect((errorLine?.err as { stack?: string }).stack).toMatch(/at /);
  });

  it('logs one access line per request with method, path (no query), status, ms and request id', async () => {
    const res = await fetch(`${api.baseUrl}/api/health?token=super-secret-value`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await res.text();
    const lines = api.logs.lines.filter((l) => l.msg === 'request' && l.request_id === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/health', status: 200 });
    expect(typeof lines[0]?.ms).toBe('number');
    expect(JSON.stringify(api.logs.lines)).not.toContain('super-secret-value');
  });

  it('replaces an unusable incoming request id', async () => {
    const res = await fetch(`${api.baseUrl}/api/health`, { headers: { 'x-request-id': 'bad id with spaces' } });
    await res.text();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('redacts cookies and authorization when headers are logged', () => {
    api.logger.info({ headers: { cookie: 'sid=abc', authorization: 'Bearer xyz' }, phone: '+15550100' }, 'probe');
    const probe = api.logs.lines.find((l) => l.msg === 'probe');
    expect(JSON.stringify(probe)).not.toMatch(/sid=abc|Bearer xyz|15550100/);
  });

  it('answers unknown /api routes with HTTP 404 and code 1003; a wrong method with 405', async () => {
    const res = await call(api.baseUrl, '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body.status_code).toBe(ErrorCode.InvalidParam);
    expect(res.body.status_message).toContain('/api/no/such/thing');
    const wrong = await call(api.baseUrl, '/api/health', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.body.status_code).toBe(ErrorCode.InvalidParam);
    const outside = await fetch(`${api.baseUrl}/not-api`);
    expect(outside.status).toBe(404);
  });

  it('accepts the common query params on every route and parses them onto ctx.state.client', async () => {
    const q = 'version_code=10000&device_platform=web&aid=1&pkg_type=release_version&language=en';
    const res = await call<{ client: Record<string, unknown> }>(api.baseUrl, `/api/test/echo?${q}`, postJson({ name: 'Ada' }));
    expect(res.body.status_code).toBe(0);
    expect(res.body.data?.client).toMatchObject({ device_platform: 'web', pkg_type: 'release_version', language: 'en' });
    const odd = await call(api.baseUrl, '/api/health?version_code=not-a-number&device_platform=', {});
    expect(odd.body.status_code).toBe(0);
  });

  it('sets the security headers', async () => {
    const res = await fetch(`${api.baseUrl}/api/health`);
    await res.text();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('rate-limits with code 1030003 and a clear message', async () => {
    const codes: number[] = [];
    let last = '';
    for (let i = 0; i < 3; i += 1) {
      const res = await call(api.baseUrl, '/api/test/limited');
      codes.push(res.body.status_code);
      last = res.body.status_message;
    }
    expect(codes).toEqual([0, 0, ErrorCode.RateLimit]);
    expect(last).toMatch(/Too many requests, try again in \d+ s/);
  });
});
