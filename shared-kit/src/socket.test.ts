import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { PushType } from './enums';
import { createSocketClient, loadSocketIo, type IoFactory, type PushMessage, type SocketClient } from './socket';

let httpServer: http.Server;
let io: Server;
let url = '';
let connections = 0;
const clients: SocketClient[] = [];

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

beforeAll(async () => {
  httpServer = http.createServer();
  io = new Server(httpServer, { path: '/socket.io' });
  io.on('connection', (socket) => {
    connections += 1;
    // As the api does once the socket has joined its rooms.
    setTimeout(() => socket.emit('ready', { user: false, process: 'test' }), 20);
    socket.on('client_ping', () => socket.emit('pong_check', { push_type: 'Others', ok: true }));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterEach(() => {
  while (clients.length > 0) clients.pop()?.close();
});

afterAll(async () => {
  await io.close();
});

function client(opts: Parameters<typeof createSocketClient>[0]): SocketClient {
  const c = createSocketClient(opts);
  clients.push(c);
  return c;
}

describe('createSocketClient against a real socket.io server', () => {
  it('connects and dispatches pushes by push_type', async () => {
    const c = client({ url, socketOptions: { transports: ['websocket'] } });
    const reviews: PushMessage[] = [];
    const all: string[] = [];
    c.on(PushType.StoryReview, (p) => reviews.push(p));
    c.on('*', (p, event) => all.push(`${event}:${p.push_type}`));
    await until(() => c.connected);
    expect(c.state.phase).toBe('open');

    io.emit('push', { push_type: PushType.StoryReview, story_id: '9' });
    io.emit('push', { push_type: PushType.Plan });
    io.emit('push', 'not a push');
    await until(() => all.length === 2);
    expect(reviews).toEqual([{ push_type: 'StoryReview', story_id: '9' }]);
    expect(all).toEqual(['push:StoryReview', 'push:Plan']);
  });

  it('reconnects by itself when the server drops the connection, and says when each connection is ready', async () => {
    const before = connections;
    const detections: number[] = [];
    let ready = 0;
    const c = client({ url, socketOptions: { transports: ['websocket'] }, onDetection: (n) => detections.push(n), onReady: () => (ready += 1) });
    await until(() => c.connected && connections === before + 1 && ready === 1);
    for (let i = 1; i <= 3; i++) {
      for (const s of await io.fetchSockets()) s.disconnect(true);
      await until(() => c.connected && connections === before + 1 + i && ready === 1 + i);
    }
    expect(c.state).toMatchObject({ phase: 'open', retries: 0, closes: 3 });
    expect(detections).toEqual([3]);
  });

  it('gives up after the retry budget when nothing answers', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    let gaveUpAfter = -1;
    const c = client({
      url: `http://127.0.0.1:${deadPort}`,
      policy: { maxRetries: 2, openCheckMs: 50 },
      socketOptions: { transports: ['websocket'] },
      onGiveUp: (n) => {
        gaveUpAfter = n;
      },
    });
    await until(() => c.state.phase === 'gaveUp');
    expect(gaveUpAfter).toBe(2);
    expect(c.connected).toBe(false);
  });

  it('stops reconnecting after close()', async () => {
    const c = client({ url, socketOptions: { transports: ['websocket'] } });
    await until(() => c.connected);
    c.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(c.connected).toBe(false);
    expect(c.state.phase).toBe('stopped');
  });

  it('fetches socket.io-client on creation and opens the connection once it has arrived', async () => {
    let resolveIo: (io: IoFactory) => void = () => undefined;
    const loadIo = jest.fn(() => new Promise<IoFactory>((resolve) => (resolveIo = resolve)));
    const c = client({ url, loadIo, socketOptions: { transports: ['websocket'] } });
    expect(loadIo).toHaveBeenCalledTimes(1);
    expect(c.socket).toBeUndefined();
    expect(c.state.phase).toBe('connecting');

    resolveIo(await loadSocketIo());
    await until(() => c.connected);
    expect(c.socket?.connected).toBe(true);
    expect(c.state.phase).toBe('open');
    expect(loadIo).toHaveBeenCalledTimes(1);
  });

  it('counts a failed fetch of socket.io-client as a failed attempt and fetches again on the retry', async () => {
    const failures: unknown[] = [];
    const loadIo = jest
      .fn<Promise<IoFactory>, []>()
      .mockRejectedValueOnce(new Error('chunk failed to load'))
      .mockImplementation(() => loadSocketIo());
    const c = client({
      url,
      loadIo,
      policy: { openCheckMs: 50 },
      socketOptions: { transports: ['websocket'] },
      onLoadError: (error) => failures.push(error),
    });
    await until(() => c.connected);
    expect(failures).toEqual([new Error('chunk failed to load')]);
    expect(loadIo).toHaveBeenCalledTimes(2);
    expect(c.state).toMatchObject({ phase: 'open', retries: 0 });
  });

  it('does not connect a client closed while socket.io-client was on its way', async () => {
    let resolveIo: (io: IoFactory) => void = () => undefined;
    const c = client({
      url,
      loadIo: () => new Promise<IoFactory>((resolve) => (resolveIo = resolve)),
      socketOptions: { transports: ['websocket'] },
    });
    c.close();
    resolveIo(await loadSocketIo());
    await until(() => c.socket !== undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect(c.connected).toBe(false);
    expect(c.state.phase).toBe('stopped');
  });
});
