import { ErrorCode, IdentityCertification, PushType, TeenMode, UserRole } from 'shared-kit';
import { IdentityRecord } from '../src/modules/identity/identity.model';
import { AuditEntry } from '../src/modules/staff';
import { User } from '../src/modules/users/user.model';
import { PUSH_RULES } from '../src/realtime/pushes';
import { seedAccounts } from '../src/seed/accounts';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { idNumber } from './support/identity';
import { ADULT, nextPhone } from './support/playStories';


const T0 = Date.UTC(2026, 10, 29, 10, 0, 0);
let clock = T0;

describe('real-name verification, age freezing, passcode and play time', () => {
  let api: TestApi;
  const pushes: Array<{ uid: string; code: number }> = [];
  const adult = () => signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const uidOf = async (c: CookieClient) => (await c.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;

  beforeAll(async () => {
    api = await startTestApi({
      clock: () => clock,
      env: { SMS_IP_SENDS_PER_HOUR: '10000', ANTI_ADDICTION_DAILY_MS: '600000', IDENTITY_ATTEMPTS_PER_DAY: '3', PASSCODE_ATTEMPTS_PER_DAY: '2' },
    });
    api.events.on('anti_addiction.changed', (e) => void pushes.push({ uid: e.uid, code: e.code }));
    await seedAccounts(api.logger);
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('the checksum provider verifies an adult; the number is kept only as a keyed hash and never logged', async () => {
    const c = await adult();
    const number = idNumber('19900307');
    const res = await c.post('/api/tyler/user/certify_identity', { name: '张三丰', id_number: number });
    expect(res.body).toMatchObject({ status_code: 0, data: { certification: IdentityCertification.AlreadyAdult, name_masked: '张**', teen_mode_locked: false, format_check_only: true } });
    const record = await IdentityRecord.findById(await uidOf(c)).lean();
    expect(JSON.stringify(record)).not.toContain(number);
    expect(JSON.stringify(record)).not.toContain('张三丰');
    expect(record!.number_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(api.logs.find(number)).toEqual([]);
    expect(api.logs.find('三丰')).toEqual([]);
    // Once verified, a second verification is refused.
    expect((await c.post('/api/tyler/user/certify_identity', { name: '张三丰', id_number: number })).body.status_code).toBe(ErrorCode.DuplicateOperation);
  });

  it('a verified minor gets youth mode they cannot turn off; the age answer is unfrozen only by verification', async () => {
    const c = await adult();
    expect((await c.call('/api/tyler/user/age_freezing/get')).body.data).toEqual({ frozen: true, is_adult: true, by: 'answer' });
    const res = await c.post('/api/tyler/user/certify_identity', { name: 'Li Lei', id_number: idNumber('20120501') });
    expect(res.body.data).toMatchObject({ certification: IdentityCertification.NotAdult, teen_mode: TeenMode.Enable, teen_mode_locked: true, name_masked: 'L*****' });
    expect((await c.call('/api/tyler/user/age_freezing/get')).body.data).toEqual({ frozen: true, is_adult: false, by: 'verification' });
    expect((await c.post('/api/tyler/user/teen_mode', { enable: false })).body.status_code).toBe(ErrorCode.TeenModeIntercept);
    expect((await c.post('/api/tyler/user/age_freezing/set', { is_adult: true })).body).toMatchObject({ status_code: ErrorCode.TeenModeIntercept, data: { reason: 'age_frozen' } });
    expect((await c.post('/api/tyler/user/teen_mode/passcode/set', { passcode: '1234' })).body.status_code).toBe(ErrorCode.TeenModeIntercept);
    expect((await c.post('/api/tyler/user/teen_mode/passcode/disable', { passcode: '1234' })).body.status_code).toBe(ErrorCode.TeenModeIntercept);
    expect((await c.call<{ teen_mode: number }>('/api/tyler/user/detail')).body.data!.teen_mode).toBe(TeenMode.Enable);
  });

  it('bad input: malformed numbers and control characters name the field; a wrong check digit or date is a mismatch and counts', async () => {
    const c = await adult();
    for (const [body, field] of [
      [{ name: 'A', id_number: '12345' }, 'id_number'],
      [{ name: 'A', id_number: '11010519900307123Y' }, 'id_number'],
      [{ name: 'Bad\u0007Name', id_number: idNumber('19900307') }, 'name'],
      [{ name: ' ', id_number: idNumber('19900307') }, 'name'],
      [{ name: 'A', id_number: idNumber('19900307'), region: 'US' }, 'region'],
    ] as const) {
      const res = await c.post<unknown>('/api/tyler/user/certify_identity', body);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect((res.body as { status_message: string }).status_message).toContain(field);
    }
    const good = idNumber('19900307', '555');
    const badCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect((await c.post('/api/tyler/user/certify_identity', { name: 'A', id_number: badCheck })).body.status_code).toBe(ErrorCode.IdentityCertificationMismatch);
    expect((await c.post('/api/tyler/user/certify_identity', { name: 'A', id_number: idNumber('19900231') })).body.status_code).toBe(ErrorCode.IdentityCertificationMismatch);
    expect((await c.call<{ attempts_left: number; certification: string }>('/api/tyler/user/check_certification')).body.data).toMatchObject({ attempts_left: 1, certification: IdentityCertification.NotCertified });
    expect((await c.post('/api/tyler/user/certify_identity', { name: 'A', id_number: idNumber('20991231') })).body.status_code).toBe(ErrorCode.IdentityCertificationMismatch);
    // The fourth attempt of the day: too many today, even with a good number; nothing was written.
    expect((await c.post('/api/tyler/user/certify_identity', { name: 'A', id_number: good })).body.status_code).toBe(ErrorCode.TooManyToday);
    expect(await IdentityRecord.findById(await uidOf(c)).lean()).toBeNull();
  });

  it('a number verified on another account answers the mismatch, and neither account learns of the other', async () => {
    const [a, b] = [await adult(), await adult()];
    const number = idNumber('19851111', '777');
    expect((await a.post('/api/tyler/user/certify_identity', { name: 'Ann', id_number: number })).body.status_code).toBe(0);
    const res = await b.post<unknown>('/api/tyler/user/certify_identity', { name: 'Ann', id_number: number.toLowerCase() });
    expect(res.body.status_code).toBe(ErrorCode.IdentityCertificationMismatch);
    expect(JSON.stringify(res.body)).not.toContain(await uidOf(a));
    expect((await b.call<{ certification: string }>('/api/tyler/user/check_certification')).body.data!.certification).toBe(IdentityCertification.NotCertified);
    expect((await User.findOne({ uid: await uidOf(b) }).lean())!.is_adult).toBe(true);
  });

  it("an account's verification is deleted with it, and the same number may then be verified on another account", async () => {
    const [a, b] = [await adult(), await adult()];
    const uid = await uidOf(a);
    const number = idNumber('19800202', '555');
    expect((await a.post('/api/tyler/user/certify_identity', { name: 'Bo', id_number: number })).body.status_code).toBe(0);
    const check = await a.call<{ items: Array<{ name: string; count: number }> }>('/api/tyler/user/check_log_off');
    expect(check.body.data!.items).toContainEqual({ name: 'identity', count: 1 });
    expect((await a.post('/api/tyler/user/log_off', {})).body).toMatchObject({ status_code: 0, data: { deleted: true } });
    expect(await IdentityRecord.countDocuments({ _id: uid })).toBe(0);
    expect((await b.post('/api/tyler/user/certify_identity', { name: 'Bo', id_number: number })).body.status_code).toBe(0);
  });

  it('guests and signed-out callers are refused on every route', async () => {
    const anon = new CookieClient(api.baseUrl);
    for (const [path, body] of [
      ['/api/tyler/user/certify_identity', { name: 'A', id_number: idNumber('19900307') }],
      ['/api/tyler/user/check_certification', null],
      ['/api/tyler/user/age_freezing/get', null],
      ['/api/tyler/user/age_freezing/set', { is_adult: true }],
      ['/api/tyler/user/online_tick', {}],
      ['/api/tyler/user/anti_addiction/status', null],
      ['/api/tyler/user/teen_mode/passcode/set', { passcode: '1234' }],
      ['/api/tyler/user/teen_mode/passcode/disable', { passcode: '1234' }],
      ['/api/tyler/user/teen_mode/passcode/change', { passcode: '1234', new_passcode: '4321' }],
      ['/api/tyler/user/region_notice', null],
      ['/api/tyler/user/region_notice/seen', { region: 'BR' }],
    ] as const) {
      const res = body === null ? await anon.call(path) : await anon.post(path, body);
      expect([path, res.body.status_code]).toEqual([path, ErrorCode.NeedLogin]);
    }
  });

  it('age freezing: the first answer holds', async () => {
    const c = await signInByPhone(api.baseUrl, nextPhone());
    expect((await c.call('/api/tyler/user/age_freezing/get')).body.data).toEqual({ frozen: false, is_adult: null, by: null });
    expect((await c.post('/api/tyler/user/age_freezing/set', { is_adult: false })).body.data).toEqual({ frozen: true, is_adult: false, by: 'answer' });
    expect((await c.post('/api/tyler/user/age_freezing/set', { is_adult: false })).body.status_code).toBe(0);
    expect((await c.post('/api/tyler/user/age_freezing/set', { is_adult: true })).body.status_code).toBe(ErrorCode.TeenModeIntercept);
    expect((await c.call<{ teen_mode: number }>('/api/tyler/user/detail')).body.data!.teen_mode).toBe(TeenMode.Enable);
  });

  it('the parental passcode turns youth mode off for an account that is not a verified minor, with attempts limited', async () => {
    const c = await adult();
    expect((await c.post('/api/tyler/user/teen_mode/passcode/set', { passcode: '1234' })).body.status_code).toBe(ErrorCode.IllegalOperation);
    expect((await c.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    expect((await c.post('/api/tyler/user/teen_mode/passcode/set', { passcode: '12a4' })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await c.post('/api/tyler/user/teen_mode/passcode/set', { passcode: '2468' })).body.data).toMatchObject({ passcode_set: true });
    expect((await c.post('/api/tyler/user/teen_mode/passcode/set', { passcode: '1111' })).body.status_code).toBe(ErrorCode.DuplicateOperation);
    expect((await c.post('/api/tyler/user/teen_mode/passcode/disable', { passcode: '0000' })).body).toMatchObject({ status_code: ErrorCode.InvalidParam, data: { field: 'passcode', attempts_left: 1 } });
    expect((await c.post('/api/tyler/user/teen_mode/passcode/disable', { passcode: '2468' })).body.data).toMatchObject({ teen_mode: TeenMode.Disable });
    expect((await c.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    expect((await c.post('/api/tyler/user/teen_mode/passcode/disable', { passcode: '2468' })).body.status_code).toBe(ErrorCode.TooManyToday);
    const record = await IdentityRecord.findById(await uidOf(c)).lean();
    expect(JSON.stringify(record)).not.toContain('2468');
  });

  it('the passcode is changed with the current one (an attempt of the day) and the new one then turns youth mode off', async () => {
    const c = await adult();
    expect((await c.post('/api/tyler/user/teen_mode/passcode/change', { passcode: '1234', new_passcode: '4321' })).body.status_code).toBe(ErrorCode.IllegalOperation);
    expect((await c.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    expect((await c.post('/api/tyler/user/teen_mode/passcode/set', { passcode: '1357' })).body.status_code).toBe(0);
    const bad = await c.post('/api/tyler/user/teen_mode/passcode/change', { passcode: '1357', new_passcode: '12' });
    expect(bad.body).toMatchObject({ status_code: ErrorCode.ClientParamError });
    expect(JSON.stringify(bad.body)).toContain('new_passcode');
    const before = await IdentityRecord.findById(await uidOf(c)).lean();
    expect((await c.post('/api/tyler/user/teen_mode/passcode/change', { passcode: '0000', new_passcode: '8642' })).body).toMatchObject({ status_code: ErrorCode.InvalidParam, data: { field: 'passcode', attempts_left: 1 } });
    expect((await IdentityRecord.findById(await uidOf(c)).lean())!.passcode_hash).toBe(before!.passcode_hash);
    expect((await c.post('/api/tyler/user/teen_mode/passcode/change', { passcode: '1357', new_passcode: '8642' })).body.data).toMatchObject({ passcode_set: true });
    expect((await c.post('/api/tyler/user/teen_mode/passcode/disable', { passcode: '8642' })).body.status_code).toBe(ErrorCode.TooManyToday);
    clock += 86_400_000;
    expect((await c.post('/api/tyler/user/teen_mode/passcode/disable', { passcode: '1357' })).body.status_code).toBe(ErrorCode.InvalidParam);
    expect((await c.post('/api/tyler/user/teen_mode/passcode/disable', { passcode: '8642' })).body.data).toMatchObject({ teen_mode: TeenMode.Disable });
  });

  it('online_tick counts once per 60 s per account across devices, warns 5 minutes before the end, then play and the feed refuse until the next day', async () => {
    clock = T0 - 120_000;
    const phone = nextPhone();
    const phoneA = await signInByPhone(api.baseUrl, phone, ADULT);
    clock = T0;
    const phoneB = await signInByPhone(api.baseUrl, phone);
    expect((await phoneA.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    const uid = await uidOf(phoneA);
    // Not limited outside youth mode.
    const other = await adult();
    expect((await other.post('/api/tyler/user/online_tick', {})).body.data).toMatchObject({ limited: false, counted: false });
    // A tick naming another's play (or none that exists) is refused and counts nothing.
    expect((await phoneA.post('/api/tyler/user/online_tick', { play_id: 'someone-elses' })).body.status_code).toBe(ErrorCode.RecordNotFound);

    const tick = (c: CookieClient) => c.post<{ used_ms: number; counted: boolean; allowed: boolean; reopens_at: string | null }>('/api/tyler/user/online_tick', {});
    expect((await tick(phoneA)).body.data).toMatchObject({ used_ms: 60_000, counted: true, allowed: true });
    expect((await tick(phoneB)).body.data).toMatchObject({ used_ms: 60_000, counted: false });
    clock += 59_000;
    expect((await tick(phoneB)).body.data).toMatchObject({ used_ms: 60_000, counted: false });
    for (let i = 2; i <= 5; i++) {
      clock += 60_000;
      expect((await tick(i % 2 ? phoneA : phoneB)).body.data).toMatchObject({ used_ms: i * 60_000, counted: true });
    }
    expect(pushes.filter((p) => p.uid === uid).map((p) => p.code)).toEqual([ErrorCode.AntiAddictionPreWarning]);
    for (let i = 6; i <= 10; i++) {
      clock += 60_000;
      await tick(phoneA);
    }
    expect(pushes.filter((p) => p.uid === uid).map((p) => p.code)).toEqual([ErrorCode.AntiAddictionPreWarning, ErrorCode.AntiAddictionBan]);
    const reopens = new Date(Date.UTC(2026, 10, 30)).toISOString();
    clock += 60_000;
    expect((await tick(phoneB)).body.data).toMatchObject({ used_ms: 600_000, allowed: false, counted: false, reopens_at: reopens });
    const send = await phoneA.post('/api/tyler/message/send', {});
    expect(send.body).toMatchObject({ status_code: ErrorCode.AntiAddictionBan, data: { reopens_at: reopens } });
    const feed = await phoneB.call('/api/tyler/story/list');
    expect(feed.body).toMatchObject({ status_code: ErrorCode.FeedNotInAllowedTime, data: { reopens_at: reopens } });
    // Another account's feed is open.
    expect((await other.call('/api/tyler/story/list')).body.status_code).toBe(0);
    // The push that reaches the sockets.
    expect(PUSH_RULES['anti_addiction.changed']({ uid, code: ErrorCode.AntiAddictionBan, reopens_at: reopens, closes_at: null, reason: 'allowance' })).toEqual({
      uid,
      push: { push_type: PushType.AntiAddiction, status_code: ErrorCode.AntiAddictionBan, reopens_at: reopens, closes_at: null, reason: 'allowance' },
    });
    // The next day opens them again.
    clock = Date.UTC(2026, 10, 30, 0, 1);
    expect((await phoneA.call('/api/tyler/story/list')).body.status_code).toBe(0);
    expect((await tick(phoneA)).body.data).toMatchObject({ used_ms: 60_000, allowed: true });
    clock = T0;
  });

  it('regional notices: once per account, from the sign-in country', async () => {
    const c = await signInByPhone(api.baseUrl, '+5511987654321', ADULT);
    expect((await c.call('/api/tyler/user/region_notice')).body.data).toEqual({ region: 'BR', feedback_link: '/editor/restricted-access?feedback=1' });
    expect((await c.post('/api/tyler/user/region_notice/seen', { region: 'BR' })).body.status_code).toBe(0);
    expect((await c.call<{ region: string | null }>('/api/tyler/user/region_notice')).body.data!.region).toBeNull();
    const us = await adult();
    expect((await us.call<{ region: string | null }>('/api/tyler/user/region_notice')).body.data!.region).toBeNull();
  });

  it('operators see the certification state (not the number) and counters, and reset the day’s attempts, audited', async () => {
    const admin = await signInByPhone(api.baseUrl, '+12025550100');
    const c = await adult();
    const uid = await uidOf(c);
    await c.post('/api/tyler/user/certify_identity', { name: 'A', id_number: '110105199003071230' });
    const view = await admin.call<{ attempts_today: number; certification: string }>(`/api/ops/identity/account?uid=${uid}`);
    expect(view.body.data).toMatchObject({ uid, attempts_today: 1, certification: IdentityCertification.NotCertified });
    expect((await c.call(`/api/ops/identity/account?uid=${uid}`)).body.status_code).toBe(ErrorCode.NoAccess);
    const mod = await adult();
    await User.updateOne({ uid: await uidOf(mod) }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['reviewer'] } });
    expect((await mod.post('/api/ops/identity/reset_attempts', { uid })).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await admin.call('/api/ops/identity/account?uid=nobody')).body.status_code).toBe(ErrorCode.RecordNotFound);
    const reset = await admin.post<{ attempts_today: number }>('/api/ops/identity/reset_attempts', { uid, reason: 'support ticket 12' });
    expect(reset.body.data!.attempts_today).toBe(0);
    const audit = await AuditEntry.findOne({ target_id: uid, action: 'identity.reset_attempts' }).lean();
    expect(audit).toMatchObject({ reason: 'support ticket 12', before: { attempts_today: 1 } });
  });
});
