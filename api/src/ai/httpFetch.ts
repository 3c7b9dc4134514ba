import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/*
 * The `fetch` the model clients use. Node's built-in fetch spends about half a millisecond of the event loop on
 * each request before the first byte leaves, and the chat request sits on the path to a reply's first token, so
 * the common case — a string or byte body over http(s) — goes through node:http with keep-alive agents instead.
 * Anything else (streamed or multipart bodies) goes to the built-in fetch unchanged. The response is a standard
 * `Response`: an event stream's body streams as the bytes arrive, any other answer is read whole before it
 * resolves. Aborting the signal stops the request or the body.
 */

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/** Statuses whose response has no body (a `Response` refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}

function bodyBytes(body: unknown): string | Uint8Array | undefined | null {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  return null;
}

export const httpFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const body = bodyBytes(init?.body);
  const agent = url.protocol === 'http:' || url.protocol === 'https:' ? agents[url.protocol] : undefined;
  if (input instanceof Request || body === null || !agent) return fetch(input, init);
  const signal = init?.signal ?? undefined;
  if (signal?.aborted) throw abortError(signal);

  const headers: Record<string, string> = {};
  (init?.headers instanceof Headers ? init.headers : new Headers(init?.headers)).forEach((value, key) => (headers[key] = value));
  // node:http does not decompress; ask for what it can read as it comes.
  headers['accept-encoding'] = 'identity';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

  const send = (retried: boolean) =>
    new Promise<Response>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request({
        agent,
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: init?.method ?? 'GET',
        headers,
      });
      let response: http.IncomingMessage | undefined;
      const onAbort = () => {
        const err = abortError(signal!);
        response?.destroy(err);
        request.destroy(err);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      request.on('error', (err: NodeJS.ErrnoException) => {
        done();
        // A kept-alive connection the server had already closed: the request never reached it, so it is sent
        // once more on a new connection (what Node's documentation advises for reused sockets).
        if (!response && !retried && request.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE') && !signal?.aborted) {
          resolve(send(true));
          return;
        }
        reject(err);
      });
      request.on('response', (res) => {
        response = res;
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(key, v);
        }
        const status = res.statusCode ?? 502;
        res.on('close', done);
        const init = { status, statusText: res.statusMessage ?? '', headers: responseHeaders };
        if (NO_BODY.has(status)) {
          res.resume();
          resolve(new Response(null, init));
          return;
        }
        if (!/^text\/event-stream/i.test(responseHeaders.get('content-type') ?? '')) {
          // A whole answer (JSON) is read at once: a web stream costs more than the answer is worth waiting for.
          const parts: Buffer[] = [];
          let ended = false;
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => {
            ended = true;
            resolve(new Response(Buffer.concat(parts), init));
          });
          res.on('error', reject);
          res.on('close', () => {
            if (!ended) reject(signal?.aborted ? abortError(signal) : new Error('the connection closed before the answer ended'));
          });
          return;
        }
        resolve(new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, init));
      });
      request.end(body);
    });
  return send(false);
};
