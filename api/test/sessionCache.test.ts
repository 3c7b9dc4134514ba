import mongoose from 'mongoose';
import { BanStatus, ErrorCode } from 'shared-kit';
import { ConfigError, loadConfig } from '../src/config';
import { currentAccount, currentUser, requireSession } from '../src/lib/auth';
import { respond } from '../src/lib/envelope';
import type { UserDoc } from '../src/modules/users/user.model';
import { Session } from '../src/modules/users/session.model';
import { sessionCache } from '../src/modules/users/sessionCache';
import { hashToken, uidFromCookieHeader } from '../src/modules/passport/session.service';
import { User } from '../src/modules/users/user.model';
import { call, signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';

const ADULT = { confirm: { is_adult: true, agree_terms: true } };
const CACHE_MS = 300;

interface Detail {
  uid: string;
  nickname: string;
  teen_mode: number;
}

/** Database operations on the users and sessions collections, counted while `fn` runs. */
async function accountReads<T>(fn: () => Promise<T>): Promise<{ result: T; ops: string[] }> {
  const ops: string[] = [];
  mongoose.set('debug', (collection: string, method: string) => {
    if (collection === 'users' || collection === 'sessions') ops.push(`${collection}.${method}`);
  });
  try {
    return { result: await fn(), ops };
  } finally {
    mongoose.set('debug', false);
  }
}

/**
 * Holds requests after their session is resolved until `expected` of them have arrived, so they all hold their user
 * before any of them saves: had they been given one shared document, the saves would overlap on it.
 */
class Gate {
  readonly users: UserDoc[] = [];
  private open!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  constructor(readonly expected: number) {}
  arrive(user: UserDoc): Promise<void> {
    this.users.push(user);
    if (this.users.length === this.expected) this.open();
    // A request refused before the gate would leave the others waiting; they give up and the test fails instead.
    return Promise.race([this.opened, new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())]);
  }
}

/** User documents made since the test file started (User.hydrate calls). */
let hydrations = 0;
const hydrate = User.hydrate.bind(User);
jest.spyOn(User, 'hydrate').mockImplementation((...args: Parameters<typeof User.hydrate>) => {
  hydrations += 1;
  return hydrate(...args);
});

describe('session cache: a logout, ban or deletion holds at once; the account is read again when its revision moved', () => {
  let api: TestApi;
  // The app's clock; it moves only when a test moves it, so "at once" below means no time passes.
  let t = Date.UTC(2030, 6, 1);
  let gate = new Gate(0);
  beforeAll(async () => {
    api = await startTestApi({
      clock: () => t,
      env: { SMS_IP_SENDS_PER_HOUR: '1000', SESSION_CACHE_MS: String(CACHE_MS) },
      extraRoutes: (router) => {
        // What a route that only looks at the caller sees, and whether it cost a user document.
        router.get('/api/test/account', requireSession, async (ctx) => {
          const account = currentAccount(ctx);
          const made = hydrations;
          let mutated = false;
          try {
            (account as { nickname: string }).nickname = 'changed';
            mutated = account.nickname === 'changed';
          } catch {
            // Frozen: the shared copy cannot be changed.
          }
          const doc = currentUser(ctx);
          const again = currentUser(ctx);
          doc.nickname = 'local edit';
          respond(ctx, { uid: account.uid, frozen: Object.isFrozen(account), mutated, made_before_use: made, made_after_use: hydrations, same_doc: doc === again, account_nickname: account.nickname });
        });
        router.post('/api/test/hold_and_save', requireSession, async (ctx) => {
          const user = currentUser(ctx);
          await gate.arrive(user);
          user.set('settings.theme', String(ctx.query.theme));
          await user.save();
          respond(ctx, { theme: user.settings?.theme });
        });
      },
    });
  });
  afterAll(async () => {
    await api.stop();
  });

  async function detail(client: CookieClient) {
    return client.call<Detail>('/api/tyler/user/detail');
  }

  /** Signs in and makes one request, so the session is in the cache. */
  async function warmClient(phone: string): Promise<{ client: CookieClient; uid: string }> {
    const client = await signInByPhone(api.baseUrl, phone, ADULT);
    const res = await detail(client);
    expect(res.body.status_code).toBe(0);
    return { client, uid: res.body.data?.uid ?? '' };
  }

  function cookieOf(client: CookieClient): string {
    return `sv_session=${client.cookies.get('sv_session') ?? ''}`;
  }

  it('gives routes the account as read, frozen, and makes the user document only when one asks for it', async () => {
    const { client, uid } = await warmClient('+12025550399');
    const first = await client.call<Record<string, unknown>>('/api/test/account');
    expect(first.body.data).toMatchObject({ uid, frozen: true, mutated: false, same_doc: true });
    const data = first.body.data!;
    expect(data.made_before_use).toBe((data.made_after_use as number) - 1);
    // The document's edit stayed in that request: the next one reads the account as stored.
    const second = await client.call<Record<string, unknown>>('/api/test/account');
    expect(second.body.data!.account_nickname).not.toBe('local edit');
    expect(second.body.data!.account_nickname).not.toBe('changed');
  });

  it('is configured from SESSION_CACHE_MS and serves a known session with one read of the session, none of the user', async () => {
    expect(api.config.sessionCacheMs).toBe(CACHE_MS);
    const { client, uid } = await warmClient('+12025550300');
    const { result, ops } = await accountReads(() => detail(client));
    expect(result.body).toMatchObject({ status_code: 0, data: { uid } });
    expect(ops).toEqual(['sessions.findOne']);
    // The socket handshake resolves through the same cache.
    const { result: socketUid, ops: socketOps } = await accountReads(() =>
      uidFromCookieHeader(cookieOf(client), t),
    );
    expect(socketUid).toBe(uid);
    expect(socketOps).toEqual(['sessions.findOne']);
  });

  it('refuses the old cookie at once after logout, over HTTP and on the socket handshake', async () => {
    const { client } = await warmClient('+12025550301');
    const cookie = cookieOf(client);
    expect((await client.post('/api/passport/logout')).body.status_code).toBe(0);
    const replay = await call(api.baseUrl, '/api/tyler/user/detail', { headers: { cookie } });
    expect(replay.body.status_code).toBe(ErrorCode.NeedLogin);
    const check = await call(api.baseUrl, '/api/passport/check_login', { headers: { cookie } });
    expect(check.body.data).toEqual({ is_login: false });
    expect(await uidFromCookieHeader(cookie, t)).toBeNull();
  });

  it('applies a login ban written through the user model at once: 1015 and every session revoked', async () => {
    const { client, uid } = await warmClient('+12025550302');
    const until = new Date(t + 86_400_000);
    await User.updateOne(
      { uid },
      { $set: { ban: { status: BanStatus.Banned, login_until: until, reason: 'spam' } } },
    );
    const refused = await detail(client);
    expect(refused.body).toMatchObject({
      status_code: ErrorCode.UserBanned,
      data: { login_until: until.toISOString(), reason: 'spam' },
    });
    expect(await Session.countDocuments({ uid })).toBe(0);

    // The same through a loaded document and save(), keyed by the account's _id rather than its uid.
    const other = await warmClient('+12025550303');
    const doc = await User.findOne({ uid: other.uid });
    if (!doc) throw new Error('user not found');
    doc.set('ban', { status: BanStatus.Banned, login_until: until, reason: 'abuse' });
    await doc.save();
    expect((await detail(other.client)).body).toMatchObject({
      status_code: ErrorCode.UserBanned,
      data: { reason: 'abuse' },
    });
  });

  it('shows a profile edit, a youth-mode change and a direct model write on the next request', async () => {
    const { client, uid } = await warmClient('+12025550304');
    expect((await client.post('/api/tyler/user/save', { nickname: 'Cached Once' })).body.status_code).toBe(0);
    expect((await detail(client)).body.data?.nickname).toBe('Cached Once');

    expect((await client.post('/api/tyler/user/teen_mode', { enable: true })).body.data).toEqual({
      teen_mode: 1,
    });
    expect((await detail(client)).body.data?.teen_mode).toBe(1);
    // Youth mode is enforced from the fresh user, not the cached one.
    expect((await client.post('/api/tyler/user/teen_mode', { enable: false })).body.data).toEqual({
      teen_mode: 0,
    });
    expect((await detail(client)).body.data?.teen_mode).toBe(0);

    await User.findOneAndUpdate({ uid }, { $set: { nickname: 'Changed Behind' } });
    expect((await detail(client)).body.data?.nickname).toBe('Changed Behind');
    // A filter that names no uid or _id empties the whole cache (the safe default).
    await User.updateOne({ phone: '+12025550304' }, { $set: { nickname: 'By Phone' } });
    expect((await detail(client)).body.data?.nickname).toBe('By Phone');
  });

  it('refuses every cookie of a deleted account at once', async () => {
    const phone = '+12025550305';
    const first = await signInByPhone(api.baseUrl, phone, ADULT);
    t += 61_000; // the next code for the same number may be sent after 60 s
    const second = await signInByPhone(api.baseUrl, phone);
    expect((await detail(first)).body.status_code).toBe(0);
    expect((await detail(second)).body.status_code).toBe(0);
    const firstCookie = cookieOf(first);

    expect((await first.post('/api/tyler/user/log_off', {})).body).toMatchObject({
      status_code: 0,
      data: { deleted: true },
    });
    const replay = await call(api.baseUrl, '/api/tyler/user/detail', { headers: { cookie: firstCookie } });
    expect(replay.body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await detail(second)).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('refuses a session deleted through the raw driver at once (the session is read on every request)', async () => {
    const { client, uid } = await warmClient('+12025550306');
    // Stands for a write that passes through no hook of this process.
    const raw = await api.db.connection.collection('sessions').deleteMany({ uid });
    expect(raw.deletedCount).toBe(1);
    expect((await detail(client)).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('reads the account again when its sessions\' revision moved, and serves a raw account write at most SESSION_CACHE_MS late', async () => {
    const { client, uid } = await warmClient('+12025550310');
    const start = t;
    const users = api.db.connection.collection('users');
    // Another process's model write bumps the revision on the account's sessions: seen at once.
    await users.updateOne({ uid }, { $set: { nickname: 'Elsewhere' } });
    await api.db.connection.collection('sessions').updateMany({ uid }, { $inc: { user_rev: 1 } });
    expect((await detail(client)).body.data?.nickname).toBe('Elsewhere');
    // A raw write that moves no revision is seen once the cached copy is SESSION_CACHE_MS old.
    await users.updateOne({ uid }, { $set: { nickname: 'Raw' } });
    expect((await detail(client)).body.data?.nickname).toBe('Elsewhere');
    t = start + CACHE_MS;
    expect((await detail(client)).body.data?.nickname).toBe('Raw');
  });

  it('moves the revision of every session of the account on each model write, whatever the filter names', async () => {
    const { uid } = await warmClient('+12025550311');
    const rev = async () => (await Session.findOne({ uid }).lean())?.user_rev ?? 0;
    const before = await rev();
    await User.updateOne({ uid }, { $set: { nickname: 'By Uid' } });
    expect(await rev()).toBe(before + 1);
    const doc = await User.findOne({ uid });
    await User.updateOne({ _id: doc!._id }, { $set: { nickname: 'By Id' } });
    expect(await rev()).toBe(before + 2);
    doc!.set('nickname', 'By Save');
    await doc!.save();
    expect(await rev()).toBe(before + 3);
    await User.updateOne({ phone: '+12025550311' }, { $set: { nickname: 'By Phone' } });
    expect(await rev()).toBe(before + 4);
  });

  it('gives concurrent requests of one session their own documents, so their saves do not collide', async () => {
    const { client, uid } = await warmClient('+12025550307');
    gate = new Gate(2);
    const { result: held, ops } = await accountReads(() =>
      Promise.all(
        ['light', 'dark'].map((theme) =>
          client.post<{ theme: string }>(`/api/test/hold_and_save?theme=${theme}`),
        ),
      ),
    );
    expect(held.map((r) => r.body.status_code)).toEqual([0, 0]);
    expect(held.map((r) => r.body.data?.theme).sort()).toEqual(['dark', 'light']);
    // Both accounts came from the cache (only the sessions were read), and each got a document of its own.
    expect(ops.filter((op) => op.endsWith('.findOne'))).toEqual(['sessions.findOne', 'sessions.findOne']);
    expect(gate.users[0]).not.toBe(gate.users[1]);
    expect(['light', 'dark']).toContain((await User.findOne({ uid }).lean())?.settings?.theme);

    // The same through the product's own calls, without holding them.
    const themes = ['light', 'dark'] as const;
    const nicknames = ['Racer One', 'Racer Two'];
    const results = await Promise.all([
      ...themes.map((theme) => client.post('/api/tyler/user/settings/update', { theme })),
      ...nicknames.map((nickname) => client.post('/api/tyler/user/save', { nickname })),
      ...themes.map((theme) => client.post('/api/tyler/user/settings/update', { theme })),
    ]);
    for (const res of results) expect(res.body.status_code).toBe(0);
    const stored = await User.findOne({ uid }).lean();
    expect(themes).toContain(stored?.settings?.theme);
    expect(nicknames).toContain(stored?.nickname);
    // The next request sees what was stored, not an older cached copy.
    expect((await detail(client)).body.data?.nickname).toBe(stored?.nickname);
  });

  it('invalidates on a write that fails, so a read begun before it stores nothing', async () => {
    const { client, uid } = await warmClient('+12025550308');
    const taken = await warmClient('+12025550309');
    await User.updateOne({ uid: taken.uid }, { $set: { username: 'TakenName', username_key: 'takenname' } });
    const session = await Session.findOne({ uid }).lean();
    const user = await User.findOne({ uid }).lean();
    if (!session || !user) throw new Error('session not found');

    const ticket = sessionCache.beginRead();
    await expect(User.updateOne({ uid }, { $set: { username_key: 'takenname' } })).rejects.toThrow(
      /duplicate key/,
    );
    const tokenHash = hashToken(client.cookies.get('sv_session') ?? '');
    expect(sessionCache.endRead(ticket, tokenHash, { session, user }, t)).toBe(false);
    // Nothing stale was kept: the next request reads the database again.
    const { result, ops } = await accountReads(() => detail(client));
    expect(result.body.status_code).toBe(0);
    expect(ops).toContain('sessions.findOne');
  });
});

describe('SESSION_CACHE_MS', () => {
  it('defaults to 5000, accepts 0 (off) and refuses what is not a whole number of milliseconds up to 60000', () => {
    expect(loadConfig({}).sessionCacheMs).toBe(5000);
    expect(loadConfig({ SESSION_CACHE_MS: '0' }).sessionCacheMs).toBe(0);
    for (const bad of ['-1', '1.5', 'soon', '60001']) {
      expect(() => loadConfig({ SESSION_CACHE_MS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SESSION_CACHE_MS: bad })).toThrow(/SESSION_CACHE_MS/);
    }
  });
});
