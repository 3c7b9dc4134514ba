import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpFetch } from './httpFetch';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A loopback server whose answer each test scripts; it records what it got. */
async function server(answer: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void) {
  const seen: Seen[] = [];
  const srv = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const s = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      answer(req, res, s);
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    close: () => {
      srv.closeAllConnections();
      return new Promise<void>((resolve) => srv.close(() => resolve()));
    },
  };
}

describe('httpFetch (the model clients fetch)', () => {
  it('sends method, headers and a string body, and answers with status, headers and body', async () => {
    const s = await server((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-multi': ['a', 'b'] });
      res.end('{"ok":true}');
    });
    try {
      const res = await httpFetch(`${s.base}/v1/chat?x=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
        body: JSON.stringify({ hello: 'wörld' }),
      });
      expect(res.status).toBe(201);
      expect(res.ok).toBe(true);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('x-multi')).toBe('a, b');
      expect(await res.json()).toEqual({ ok: true });
      expect(s.seen[0]).toMatchObject({ method: 'POST', url: '/v1/chat?x=1', body: '{"hello":"wörld"}' });
      expect(s.seen[0]!.headers.authorization).toBe('Bearer k');
      expect(s.seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength('{"hello":"wörld"}')));
    } finally {
      await s.close();
    }
  });

  it('hands over each part of a streamed body as it arrives', async () => {
    let release: () => void = () => undefined;
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      release = () => res.end('data: two\n\n');
    });
    try {
      const res = await httpFetch(`${s.base}/stream`, { method: 'POST', body: '{}' });
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
      release();
      let rest = '';
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        rest += new TextDecoder().decode(next.value);
      }
      expect(rest).toBe('data: two\n\n');
    } finally {
      await s.close();
    }
  });

  it('an abort before the answer rejects with an AbortError; an abort mid-body errors the body', async () => {
    const s = await server((req, res) => {
      if (req.url === '/slow') return; // never answers
      res.writeHead(200, req.url === '/json' ? { 'content-type': 'application/json' } : { 'content-type': 'text/event-stream' });
      res.write(req.url === '/json' ? '{"par' : 'part');
    });
    try {
      const early = new AbortController();
      const pending = httpFetch(`${s.base}/slow`, { method: 'POST', body: '{}', signal: early.signal });
      setTimeout(() => early.abort(), 20);
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

      const already = new AbortController();
      already.abort();
      await expect(httpFetch(`${s.base}/slow`, { signal: already.signal })).rejects.toMatchObject({ name: 'AbortError' });

      const late = new AbortController();
      const res = await httpFetch(`${s.base}/body`, { method: 'POST', body: '{}', signal: late.signal });
      const reader = res.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('part');
      late.abort();
      await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });

      // A whole answer (not an event stream) is read before the fetch resolves: an abort meanwhile rejects it.
      const whole = new AbortController();
      const reading = httpFetch(`${s.base}/json`, { method: 'POST', body: '{}', signal: whole.signal });
      setTimeout(() => whole.abort(), 20);
      await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await s.close();
    }
  });

  it('reads a JSON answer whole, and rejects one whose connection closes before it ends', async () => {
    const s = await server((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"ok":');
      if (req.url === '/cut') setTimeout(() => res.socket?.destroy(), 10);
      else setTimeout(() => res.end('true}'), 10);
    });
    try {
      const res = await httpFetch(`${s.base}/whole`, { method: 'POST', body: '{}' });
      expect(await res.json()).toEqual({ ok: true });
      await expect(httpFetch(`${s.base}/cut`, { method: 'POST', body: '{}' })).rejects.toThrow();
    } finally {
      await s.close();
    }
  });

  it('answers 204 without a body, and a refused connection rejects', async () => {
    const s = await server((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    try {
      const res = await httpFetch(`${s.base}/empty`, { method: 'DELETE' });
      expect(res.status).toBe(204);
      expect(res.body).toBeNull();
    } finally {
      await s.close();
    }
    await expect(httpFetch(`${s.base}/gone`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('sends again on a new connection when a kept-alive one turns out closed', async () => {
    const served = new WeakMap<object, number>();
    const s = await server((req, res) => {
      const n = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, n);
      // The second request on a connection finds it closed, as after the server's keep-alive timeout.
      if (n > 1) return req.socket.destroy();
      res.end(`answer ${s.seen.length}`);
    });
    try {
      expect(await (await httpFetch(`${s.base}/a`, { method: 'POST', body: '1' })).text()).toBe('answer 1');
      expect(await (await httpFetch(`${s.base}/b`, { method: 'POST', body: '2' })).text()).toBe('answer 3');
      expect(s.seen.map((x) => x.url)).toEqual(['/a', '/b', '/b']);
    } finally {
      await s.close();
    }
  });

  it('leaves other bodies to the built-in fetch', async () => {
    const s = await server((_req, res) => res.end('ok'));
    try {
      const form = new URLSearchParams({ a: '1' });
      const res = await httpFetch(`${s.base}/form`, { method: 'POST', body: form });
      expect(await res.text()).toBe('ok');
      expect(s.seen[0]!.body).toBe('a=1');
      expect(s.seen[0]!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    } finally {
      await s.close();
    }
  });
});
