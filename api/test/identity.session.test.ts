import mongoose from 'mongoose';
import { BanStatus, ErrorCode, TeenMode } from 'shared-kit';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT, nextPhone } from './support/playStories';

/*
 * The online tick costs the session's read and the day's write: the account stays cached in the process while its
 * sessions' revision holds (past SESSION_CACHE_MS), and is read again as soon as a write anywhere moves it. The older
 * youth-mode switch (`teen_mode`) asks for the parental passcode when one is set, as `teen_mode/passcode/disable` does.
 */

type Time = { limited: boolean; used_ms: number; counted: boolean };

/** Every database operation (collection.method) while `fn` runs. */
async function opsOf<T>(fn: () => Promise<T>): Promise<{ result: T; ops: string[] }> {
  const ops: string[] = [];
  mongoose.set('debug', (collection: string, method: string) => {
    if (!collection.endsWith('_jobs')) ops.push(`${collection}.${method}`);
  });
  try {
    return { result: await fn(), ops };
  } finally {
    mongoose.set('debug', false);
  }
}

describe('identity and the session: the tick by revision, the youth-mode switch with the passcode', () => {
  let api: TestApi;
  let t = Date.UTC(2030, 6, 1, 4, 0, 0);
  const tick = (c: CookieClient) => c.post<Time>('/api/tyler/user/online_tick', {});
  beforeAll(async () => {
    api = await startTestApi({
      clock: () => t,
      env: { SMS_IP_SENDS_PER_HOUR: '1000', SESSION_CACHE_MS: '300', PASSCODE_ATTEMPTS_PER_DAY: '3' },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('a tick past SESSION_CACHE_MS reads the session and writes the day, not the account, until its revision moves', async () => {
    const c = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await c.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    const uid = (await c.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    expect((await tick(c)).body.data).toMatchObject({ limited: true, used_ms: 60_000, counted: true });

    t += 61_000;
    const cached = await opsOf(() => tick(c));
    expect(cached.result.body.data).toMatchObject({ limited: true, used_ms: 120_000, counted: true });
    expect(cached.ops).toEqual(['sessions.findOne', 'online_days.findOneAndUpdate']);
    // Any other request past SESSION_CACHE_MS still reads the account.
    const other = await opsOf(() => c.call('/api/tyler/user/anti_addiction/status'));
    expect(other.ops).toContain('users.findOne');

    // Another api process turns youth mode off: its model write moves the revision of the account's sessions.
    await api.db.connection.collection('users').updateOne({ uid }, { $set: { teen_mode: TeenMode.Disable } });
    await api.db.connection.collection('sessions').updateMany({ uid }, { $inc: { user_rev: 1 } });
    t += 61_000;
    const moved = await opsOf(() => tick(c));
    expect(moved.ops).toContain('users.findOne');
    expect(moved.result.body.data).toMatchObject({ limited: false, counted: false });
    expect(moved.ops).not.toContain('online_days.findOneAndUpdate');

    // A logout anywhere refuses the next tick at once, the account cached or not.
    await api.db.connection.collection('sessions').deleteMany({ uid });
    expect((await tick(c)).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('a login ban made in another process refuses the next tick', async () => {
    const c = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await c.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    const uid = (await c.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    expect((await tick(c)).body.status_code).toBe(0);
    await api.db.connection.collection('users').updateOne({ uid }, { $set: { ban: { status: BanStatus.Banned, login_until: new Date(t + 86_400_000), reason: 'abuse' } } });
    await api.db.connection.collection('sessions').updateMany({ uid }, { $inc: { user_rev: 1 } });
    t += 61_000;
    expect((await tick(c)).body.status_code).toBe(ErrorCode.UserBanned);
  });

  it('the youth-mode switch turns youth mode off without a passcode only when none is set', async () => {
    const c = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const mode = async () => (await c.call<{ teen_mode: number }>('/api/tyler/user/detail')).body.data!.teen_mode;
    const off = (passcode?: string) => c.post('/api/tyler/user/teen_mode', passcode === undefined ? { enable: false } : { enable: false, passcode });
    expect((await c.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    expect((await off()).body.data).toEqual({ teen_mode: TeenMode.Disable });

    expect((await c.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    expect((await c.post('/api/tyler/user/teen_mode/passcode/set', { passcode: '2468' })).body.status_code).toBe(0);
    expect((await off()).body).toMatchObject({ status_code: ErrorCode.InvalidParam, data: { field: 'passcode', reason: 'passcode_required' } });
    expect((await off('24a8')).body).toMatchObject({ status_code: ErrorCode.ClientParamError });
    expect((await off('0000')).body).toMatchObject({ status_code: ErrorCode.InvalidParam, data: { field: 'passcode', attempts_left: 2 } });
    expect(await mode()).toBe(TeenMode.Enable);
    // The switch and `passcode/disable` share the day's attempts.
    expect((await c.post('/api/tyler/user/teen_mode/passcode/disable', { passcode: '1111' })).body).toMatchObject({ data: { attempts_left: 1 } });
    expect((await off('2468')).body.data).toEqual({ teen_mode: TeenMode.Disable });
    expect(await mode()).toBe(TeenMode.Disable);
    expect((await c.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    expect((await off('2468')).body.status_code).toBe(ErrorCode.TooManyToday);
    expect(await mode()).toBe(TeenMode.Enable);
  });
});
