import type { IncomingMessage } from 'node:http';
import type { Next } from 'koa';
import type { AppContext } from './context';

/**
 * The most of an unread request body the api reads (and throws away) before answering: above every upload limit
 * (pictures and recordings, 2 x 5 MB plus framing), so a refused upload of any acceptable size is drained.
 */
export const DRAIN_MAX_BYTES = 12 * 1024 * 1024;
/** How long draining may take before the api answers anyway and closes the connection. */
export const DRAIN_MAX_MS = 15_000;

/**
 * Reads and discards what is left of `req`'s body. Resolves true once the body ended, false when it ran past
 * `maxBytes` or `maxMs`, or the client went away.
 */
export function drainRequest(req: IncomingMessage, maxBytes = DRAIN_MAX_BYTES, maxMs = DRAIN_MAX_MS): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  if (req.destroyed || req.readableEnded) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer): void => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onClose = (): void => finish(req.complete);
    const timer = setTimeout(() => finish(false), maxMs);
    req.unpipe();
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.resume();
  });
}

/**
 * An answer given before the request's body was read (an unknown route, a wrong content type, a signed-out upload,
 * a refused file) goes out only after the rest of the body has been read and dropped. Otherwise a client or proxy
 * that asked to close the connection (`Connection: close`, as the shell's proxy does) would have its connection
 * closed while it is still sending: it sees a broken pipe or a reset instead of the answer. A body too large to
 * drain keeps the early answer and closes the connection.
 */
export async function drainUnreadBody(ctx: AppContext, next: Next): Promise<void> {
  await next();
  const req = ctx.req;
  if (req.complete || req.destroyed) return;
  const declared = Number(req.headers['content-length'] ?? '0');
  if (Number.isFinite(declared) && declared > DRAIN_MAX_BYTES) {
    ctx.set('Connection', 'close');
    return;
  }
  if (!(await drainRequest(req))) ctx.set('Connection', 'close');
}
