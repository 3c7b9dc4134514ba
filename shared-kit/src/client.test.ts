import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as AxiosModule from 'axios';
import type * as clientModule from './client';
import { SAVE_REQUEST, createApiClient, prefetchGet, unwrap } from './client';
import type { Envelope } from './envelope';
import { ApiError, ErrorCode } from './errors';

interface Seen {
  url: URL;
  headers: http.IncomingHttpHeaders;
}

let server: http.Server;
let base = '';
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ url, headers: req.headers });
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/api/ok':
        return json(200, { status_code: 0, status_message: 'success', data: { story_id: '42' } });
      case '/api/denied':
        return json(200, { status_code: 1008, status_message: 'no access', data: { reason: 'permission' } });
      case '/api/param':
        return json(200, { status_code: 1009, status_message: 'story_name: required' });
      case '/api/editor/story/unread':
        return json(200, { status_code: 0, status_message: 'success', data: { unread: url.searchParams.get('drift') ? 'yes' : true } });
      case '/api/boom':
        return json(500, { oops: true });
      case '/api/slow':
        // Answers after 300 ms; the test sets a shorter timeout.
        setTimeout(() => json(200, { status_code: 0, status_message: 'success' }), 300);
        return;
      default:
        return json(404, { status_code: 1003, status_message: 'not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

describe('createApiClient against a local server', () => {
  it('sends the common query params on every request', async () => {
    const client = createApiClient({ baseURL: base, aid: 7, language: 'th' });
    const data = await unwrap<{ story_id: string }>(client.get('/ok', { params: { story_id: '42' } }));
    expect(data).toEqual({ story_id: '42' });
    const q = seen[0]?.url.searchParams;
    expect(q?.get('version_code')).toBe('10000');
    expect(q?.get('device_platform')).toBe('web');
    expect(q?.get('pkg_type')).toBe('release_version');
    expect(q?.get('aid')).toBe('7');
    expect(q?.get('language')).toBe('th-TH');
    expect(q?.get('story_id')).toBe('42');
  });

  it('turns an HTTP-200 envelope with a non-zero code into an ApiError and reports it once', async () => {
    const onApiError = jest.fn();
    const client = createApiClient({ baseURL: base, onApiError });
    const err: unknown = await client.get('/denied').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(ErrorCode.NoAccess);
    expect((err as ApiError).statusMessage).toBe('no access');
    expect((err as ApiError).data).toEqual({ reason: 'permission' });
    expect(onApiError).toHaveBeenCalledTimes(1);
    expect((onApiError.mock.calls[0] as [ApiError])[0].code).toBe(1008);
  });

  it('rejects unwrap with 1009 for a parameter error and does not report silent requests', async () => {
    const onApiError = jest.fn();
    const client = createApiClient({ baseURL: base, onApiError });
    await expect(unwrap(client.post<Envelope>('/param', {}, { silent: true }))).rejects.toMatchObject({
      code: 1009,
      statusMessage: 'story_name: required',
    });
    expect(onApiError).not.toHaveBeenCalled();
  });

  it('maps an envelope on a non-200 status to its code, and a bare 500 to 1016', async () => {
    const client = createApiClient({ baseURL: base });
    await expect(client.get('/missing')).rejects.toMatchObject({ code: 1003 });
    await expect(client.get('/boom')).rejects.toMatchObject({ code: ErrorCode.BackendNetworkError });
  });

  it('rejects a timeout with 1001', async () => {
    const client = createApiClient({ baseURL: base });
    await expect(client.get('/slow', { timeout: 50 })).rejects.toMatchObject({ code: ErrorCode.Timeout });
  });

  it('rejects an unreachable server with 1016', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const onApiError = jest.fn();
    const client = createApiClient({ baseURL: `http://127.0.0.1:${port}/api`, onApiError });
    await expect(client.get('/ok')).rejects.toMatchObject({ code: ErrorCode.BackendNetworkError });
    expect(onApiError).toHaveBeenCalledTimes(1);
  });

  it('uses 10 s by default and 30 s for saves', async () => {
    const client = createApiClient({ baseURL: base });
    expect(client.defaults.timeout).toBe(10000);
    expect(client.defaults.withCredentials).toBe(true);
    const res = await client.get<Envelope>('/ok', { save: true });
    expect(res.config.timeout).toBe(30000);
    const res2 = await client.post<Envelope>('/ok', {}, SAVE_REQUEST);
    expect(res2.config.timeout).toBe(30000);
    const res3 = await client.get<Envelope>('/ok');
    expect(res3.config.timeout).toBe(10000);
  });

  it('defaults the base URL to /api', () => {
    expect(createApiClient().defaults.baseURL).toBe('/api');
  });

  it('applies a base URL changed after creation to later requests', async () => {
    const client = createApiClient({ baseURL: 'http://127.0.0.1:9/api' });
    client.defaults.baseURL = base;
    await expect(unwrap(client.get<Envelope<{ story_id: string }>>('/ok'))).resolves.toEqual({
      story_id: '42',
    });
  });

  it('serves concurrent first calls from one load of axios', async () => {
    const client = createApiClient({ baseURL: base });
    const results = await Promise.all(
      [1, 2, 3].map(() => unwrap(client.get<Envelope<{ story_id: string }>>('/ok'))),
    );
    expect(results).toEqual([{ story_id: '42' }, { story_id: '42' }, { story_id: '42' }]);
    expect(seen.filter((s) => s.url.pathname === '/api/ok')).toHaveLength(3);
  });
});

describe('createApiClient when axios cannot be loaded', () => {
  afterEach(() => {
    jest.resetModules();
    jest.dontMock('axios');
  });

  it('rejects with the network error (1016), reports it, and loads again on the next call', async () => {
    let fail = true;
    const real = jest.requireActual<typeof AxiosModule>('axios');
    jest.doMock('axios', () => {
      if (fail) throw new Error('Loading chunk failed');
      return real;
    });
    const { createApiClient: create } = jest.requireActual<typeof clientModule>('./client');
    const onApiError = jest.fn();
    const client = create({ baseURL: base, onApiError });
    await expect(client.get('/ok')).rejects.toMatchObject({ code: ErrorCode.BackendNetworkError });
    expect(onApiError).toHaveBeenCalledTimes(1);
    fail = false;
    jest.resetModules();
    const res = await client.get<Envelope>('/ok');
    expect(res.data.status_code).toBe(0);
  });
});

describe('response contracts in development and tests', () => {
  it('passes an answer that fits its contract and rejects one that drifted, naming the field', async () => {
    const errors: ApiError[] = [];
    const client = createApiClient({ baseURL: base, onApiError: (e) => errors.push(e) });
    await expect(unwrap(client.get<Envelope<{ unread: boolean }>>('/editor/story/unread'))).resolves.toEqual({ unread: true });
    const drifted = unwrap(client.get<Envelope<unknown>>('/editor/story/unread', { params: { drift: 1 } }));
    await expect(drifted).rejects.toMatchObject({ code: ErrorCode.Internal });
    await expect(drifted).rejects.toThrow(/GET \/editor\/story\/unread breaks its contract: unread:/);
    expect(errors).toHaveLength(1);
    // A call with no contract is not checked.
    await expect(unwrap(client.get<Envelope<unknown>>('/ok'))).resolves.toEqual({ story_id: '42' });
  });
});

describe('early requests (prefetchGet)', () => {
  const hits = (path: string) => seen.filter((s) => s.url.pathname === path).length;

  it("answers the same GET from the early request: one request on the wire, the client's query and cookies", async () => {
    prefetchGet('/ok', { story_id: '42' }, { baseURL: base });
    const client = createApiClient({ baseURL: base });
    await expect(unwrap(client.get<Envelope<unknown>>('/ok', { params: { story_id: '42' } }))).resolves.toEqual({ story_id: '42' });
    expect(hits('/api/ok')).toBe(1);
    expect(seen[0]?.url.searchParams.get('version_code')).toBe('10000');
    expect(seen[0]?.url.searchParams.get('language')).toBe('en');
    // Taken once: the next call asks again.
    await unwrap(client.get<Envelope<unknown>>('/ok', { params: { story_id: '42' } }));
    expect(hits('/api/ok')).toBe(2);
  });

  it('is not used by a call with other parameters', async () => {
    prefetchGet('/ok', { story_id: '1' }, { baseURL: base });
    const client = createApiClient({ baseURL: base });
    await unwrap(client.get<Envelope<unknown>>('/ok', { params: { story_id: '2' } }));
    expect(seen.map((s) => s.url.searchParams.get('story_id')).sort()).toEqual(['1', '2']);
  });

  it('goes through the envelope handling: a non-zero code rejects and is reported', async () => {
    const errors: ApiError[] = [];
    prefetchGet('/denied', {}, { baseURL: base });
    const client = createApiClient({ baseURL: base, onApiError: (e) => errors.push(e) });
    await expect(unwrap(client.get<Envelope<unknown>>('/denied'))).rejects.toMatchObject({ code: 1008 });
    expect(errors).toHaveLength(1);
    expect(hits('/api/denied')).toBe(1);
  });

  it('an early request that failed is not an answer: the call asks itself', async () => {
    prefetchGet('/boom', {}, { baseURL: base });
    const client = createApiClient({ baseURL: base });
    await expect(unwrap(client.get<Envelope<unknown>>('/boom', { silent: true }))).rejects.toMatchObject({ code: ErrorCode.BackendNetworkError });
    expect(hits('/api/boom')).toBe(2);
  });
});
