import mongoose from 'mongoose';
import { UserRole } from 'shared-kit';
import { User } from '../src/modules/users/user.model';
import type { CookieClient } from './helpers';
import { nextPhone } from './support/playStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses, type ApiSocket } from './support/processes';

jest.setTimeout(180_000);

/*
 * The database restarted under running apis: embedded-mongo alone (a one-member replica set, its own thread of this
 * process) and two api processes with SOCKET_ADAPTER=mongo that share only it. The database is stopped and started
 * again on the same port and data folder while both apis run; both must answer requests again within RECOVER_MS of
 * the database being back, their pushes must cross between them again, and neither may exit. (Before the driver's
 * patch in patches/, one api often never found the database again: its server monitor sent a check on a connection
 * that closed during it and waited for the socket to drain forever.)
 */

/** Requests succeed again within this of the database answering again (the driver finds it on its next check). */
const RECOVER_MS = 15_000;
/** Once recovered, a push reaches the other process's socket within this of its request. */
const WITHIN_MS = 1000;

type Push = Record<string, unknown>;

describe('a database restart under two running api processes (SOCKET_ADAPTER=mongo)', () => {
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  const sockets: ApiSocket[] = [];
  const shared = { SOCKET_ADAPTER: 'mongo', SMS_IP_SENDS_PER_HOUR: '1000' };

  beforeAll(async () => {
    procs = await startApiProcesses({ count: 2, replSet: 'rs0', env: shared });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await mongoose.disconnect();
    await procs?.stop();
  });

  async function socketOn(p: ApiProcess, client: CookieClient): Promise<ApiSocket> {
    const s = await p.socket(client);
    sockets.push(s);
    return s;
  }
  const uidOf = async (c: CookieClient) =>
    (await c.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;

  async function operator(p: ApiProcess): Promise<CookieClient> {
    const phone = nextPhone();
    const op = await p.signIn(phone);
    await mongoose.connect(procs.mongoUri);
    await User.updateOne(
      { phone },
      { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['content_operator'] } },
    );
    await mongoose.disconnect();
    return op;
  }

  /** Sends an operator's push to `uid` through `op` and waits for it on `socket`; returns the time from the request. */
  async function crosses(op: CookieClient, uid: string, socket: ApiSocket, title: string): Promise<number> {
    const start = performance.now();
    const res = await op.post('/api/ops/push/send', {
      to: 'user',
      users: [uid],
      title,
      text: '.',
      push_type: 'Others',
    });
    expect(res.status).toBe(200);
    const push = await socket.waitForPush((p: Push) => p.title === title, 5000);
    return socket.arrivals[socket.pushes.indexOf(push)]! - start;
  }

  /** Polls a request that reads the database through `client` until it succeeds; returns how long that took. */
  async function recovers(client: CookieClient, p: ApiProcess): Promise<number> {
    const start = performance.now();
    for (;;) {
      const res = await client.call<{ uid: string }>('/api/tyler/user/detail').catch(() => undefined);
      if (res?.status === 200 && res.body.data?.uid) return performance.now() - start;
      if (performance.now() - start > RECOVER_MS)
        throw new Error(
          `no successful request within ${RECOVER_MS} ms (last: ${res?.status} ${JSON.stringify(res?.body)}); ${p.name}'s last errors: ${JSON.stringify(p.logs.filter((l) => Number(l.level) >= 50).slice(-3))}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('pushes cross both ways before the restart', async () => {
    const ann = await a.signIn(nextPhone());
    const annUid = await uidOf(ann);
    const onA = await socketOn(a, ann);
    const onB = await socketOn(b, b.as(ann));
    expect(await crosses(await operator(a), annUid, onB, 'A to B')).toBeLessThan(WITHIN_MS);
    expect(await crosses(await operator(b), annUid, onA, 'B to A')).toBeLessThan(WITHIN_MS);
  });

  it('both apis answer again, their pushes cross again and neither exits', async () => {
    const dee = await a.signIn(nextPhone());
    const deeUid = await uidOf(dee);
    const opA = await operator(a);
    const opB = await operator(b);
    const onA = await socketOn(a, dee);
    const onB = await socketOn(b, b.as(dee));
    expect(await crosses(opA, deeUid, onB, 'before')).toBeLessThan(WITHIN_MS);

    await procs.restartDatabase();
    const [aBack, bBack] = await Promise.all([recovers(dee, a), recovers(b.as(dee), b)]);
    expect(aBack).toBeLessThan(RECOVER_MS);
    expect(bBack).toBeLessThan(RECOVER_MS);

    // Each socket is still connected (the adapters' change streams resumed from their tokens) and gets pushes sent
    // through the other process; a few tries, since an adapter's stream may still be resuming.
    const again = async (op: CookieClient, socket: ApiSocket, label: string): Promise<number> => {
      for (let i = 0; ; i++) {
        try {
          return await crosses(op, deeUid, socket, `${label} ${i}`);
        } catch (err) {
          if (i >= 20) throw err;
        }
      }
    };
    await again(opA, onB, 'after, A to B');
    await again(opB, onA, 'after, B to A');
    expect(onA.socket.connected).toBe(true);
    expect(onB.socket.connected).toBe(true);
    // Recovered: within the usual bound again, in send order.
    expect(await crosses(opA, deeUid, onB, 'settled A to B')).toBeLessThan(WITHIN_MS);
    expect(await crosses(opB, deeUid, onA, 'settled B to A')).toBeLessThan(WITHIN_MS);
    expect(a.dead).toBe(false);
    expect(b.dead).toBe(false);
    const health = await Promise.all([a.call('/api/health'), b.call('/api/health')]);
    expect(health.map((h) => h.status)).toEqual([200, 200]);
    process.stdout.write(
      `database restart: requests answered again after ${Math.round(aBack)} ms (A) and ${Math.round(bBack)} ms (B)\n`,
    );
  });
});
