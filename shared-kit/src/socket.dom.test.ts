/** @jest-environment jsdom */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { createSocketClient, detectByScript, SOCKET_PING_EVENT } from './socket';

function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = (): void => {
      if (predicate()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('condition not met in time'));
      setTimeout(tick, 10);
    };
    tick();
  });
}

describe('socket client in a browser environment', () => {
  it('pings the server when the window regains focus', async () => {
    const httpServer = http.createServer();
    // Polling only: under jsdom the `ws` package resolves to its browser stub, which cannot serve.
    const io = new Server(httpServer, {
      path: '/socket.io',
      transports: ['polling'],
      cors: { origin: true, credentials: true },
    });
    let pings = 0;
    io.on('connection', (s) => s.on(SOCKET_PING_EVENT, () => (pings += 1)));
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    const c = createSocketClient({ url, socketOptions: { transports: ['polling'] } });
    try {
      await until(() => c.connected);
      window.dispatchEvent(new Event('focus'));
      window.dispatchEvent(new Event('focus'));
      await until(() => pings === 2);
      expect(pings).toBe(2);
    } finally {
      c.close();
      await io.close();
    }
    // After close the focus listener is gone: no reconnect attempt.
    window.dispatchEvent(new Event('focus'));
    expect(c.state.phase).toBe('stopped');
  });
});

describe('detectByScript', () => {
  afterEach(() => jest.useRealTimers());

  it("resolves 'jsonp timeout' after 10 s without an answer", async () => {
    jest.useFakeTimers();
    const result = detectByScript('http://127.0.0.1:9/probe.js', 'svProbeA');
    expect(document.head.querySelector('script[src*="svProbeA"]')).not.toBeNull();
    jest.advanceTimersByTime(9999);
    jest.advanceTimersByTime(1);
    await expect(result).resolves.toBe('jsonp timeout');
    expect(document.head.querySelector('script[src*="svProbeA"]')).toBeNull();
  });

  it('resolves the message the script reports, and unknown reason on a load error', async () => {
    const answered = detectByScript('/probe.js', 'svProbeB');
    (window as unknown as Record<string, (m: string) => void>).svProbeB?.('blocked by proxy');
    await expect(answered).resolves.toBe('blocked by proxy');

    const failed = detectByScript('/probe.js', 'svProbeC');
    document.head.querySelector<HTMLScriptElement>('script[src*="svProbeC"]')?.dispatchEvent(new Event('error'));
    await expect(failed).resolves.toBe('unknown reason');
  });
});
