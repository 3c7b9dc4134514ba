import { PassThrough } from 'node:stream';
import type { AppContext } from '../../../lib/context';

const HEARTBEAT_MS = 15_000;

/** The response as server-sent events, with heartbeats; `closed` once the client went away or it was ended. */
export interface EventStream {
  send(event: string, data: unknown, id?: string): void;
  comment(text: string): void;
  closed(): boolean;
  onClose(listener: () => void): void;
  end(): void;
}

export function openEvents(ctx: AppContext): EventStream {
  const out = new PassThrough();
  ctx.status = 200;
  ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  ctx.body = out;
  ctx.req.socket.setNoDelay(true);
  let closed = false;
  const listeners: Array<() => void> = [];
  const stop = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    ctx.req.off('close', stop);
    for (const l of listeners) l();
  };
  ctx.req.on('close', stop);
  const comment = (text: string) => !closed && out.write(`: ${text}\n\n`);
  const heartbeat = setInterval(() => comment('keep-alive'), HEARTBEAT_MS);
  return {
    comment,
    send(event, data, id) {
      if (!closed) out.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    closed: () => closed,
    onClose: (listener) => listeners.push(listener),
    end() {
      stop();
      out.end();
    },
  };
}
