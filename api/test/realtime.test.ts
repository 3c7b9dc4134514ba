import os from 'node:os';
import { io as connect, type Socket } from 'socket.io-client';
import { PushType, StoryStatus } from 'shared-kit';
import type { Push } from '../src/realtime';
import { startTestApi, type TestApi } from './helpers';

/** Test-only identity: the handshake names its user. The accounts work replaces this with the session. */
const handshakeUser = (socket: { handshake: { auth: Record<string, unknown> } }): string | null =>
  typeof socket.handshake.auth.uid === 'string' ? socket.handshake.auth.uid : null;

function open(baseUrl: string, uid?: string): Promise<{ socket: Socket; pushes: Push[] }> {
  const socket = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: uid ? { uid } : {}, reconnection: false });
  const pushes: Push[] = [];
  socket.on('push', (p: Push) => pushes.push(p));
  return new Promise((resolve, reject) => {
    socket.once('ready', () => resolve({ socket, pushes }));
    socket.once('connect_error', reject);
  });
}

/** Resolves once `socket` has received `n` pushes, or rejects after a bound. */
function pushesArrive(pushes: Push[], n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (pushes.length >= n) return resolve();
      if (Date.now() - started > 3000) return reject(new Error(`expected ${n} pushes, got ${pushes.length}`));
      setTimeout(tick, 10);
    };
    tick();
  });
}

describe('realtime over socket.io on the same server', () => {
  let api: TestApi;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    api = await startTestApi({ resolveUser: handshakeUser });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await api.stop();
  });

  it('connects at /socket.io and emitToUser reaches only that user room', async () => {
    const alice = await open(api.baseUrl, 'alice');
    const bob = await open(api.baseUrl, 'bob');
    const anon = await open(api.baseUrl);
    sockets.push(alice.socket, bob.socket, anon.socket);

    api.running.realtime.emitToUser('alice', { push_type: PushType.Others, note: 'for alice' });
    // A marker push to bob proves delivery is working, so bob's missing alice push is not just slowness.
    api.running.realtime.emitToUser('bob', { push_type: PushType.Others, note: 'for bob' });
    await pushesArrive(alice.pushes, 1);
    await pushesArrive(bob.pushes, 1);
    expect(alice.pushes).toEqual([{ push_type: PushType.Others, note: 'for alice' }]);
    expect(bob.pushes).toEqual([{ push_type: PushType.Others, note: 'for bob' }]);
    expect(anon.pushes).toEqual([]);
  });

  it('turns a domain event into a typed push for the story owner', async () => {
    const carol = await open(api.baseUrl, 'carol');
    sockets.push(carol.socket);
    api.events.emit('story.reviewed', { uid: 'carol', story_id: 's-9', status: StoryStatus.Passed, passed: true });
    await pushesArrive(carol.pushes, 1);
    expect(carol.pushes[0]).toMatchObject({ push_type: PushType.StoryReview, story_id: 's-9', status: StoryStatus.Passed, passed: true });
  });
});

describe('realtime without an identity resolver', () => {
  it('keeps every socket anonymous', async () => {
    const api = await startTestApi();
    try {
      const socket = connect(api.baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { uid: 'alice' }, reconnection: false });
      const ready = await new Promise<{ user: boolean }>((resolve, reject) => {
        socket.once('ready', resolve);
        socket.once('connect_error', reject);
      });
      expect(ready).toEqual({ user: false, process: `${os.hostname()}:${process.pid}` });
      const rooms = [...(api.running.realtime.io.of('/').adapter.rooms.keys())];
      expect(rooms.some((r) => r.startsWith('user:'))).toBe(false);
      socket.disconnect();
    } finally {
      await api.stop();
    }
  });
});
