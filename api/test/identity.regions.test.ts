import { ErrorCode, IdentityCertification, TeenMode } from 'shared-kit';
import { IdentityRecord } from '../src/modules/identity/identity.model';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT } from './support/playStories';

/*
 * Real-name verification for the regions whose numbers carry no birth date, with the offline (format check)
 * provider: the Hong Kong identity card and the Taiwan national identification number. The form sends the date of
 * birth; the provider checks the number's check digit and takes the age from the date. Bad input names its field.
 */

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));

/** A Hong Kong identity card number (normalised, no brackets) for `prefix` (one or two letters), random digits. */
function hkid(prefix: string, body = digits(6)): string {
  const values = (prefix.length === 1 ? [36] : []).concat([...prefix].map((c) => c.charCodeAt(0) - 55), [...body].map(Number));
  const sum = values.reduce((acc, v, i) => acc + v * (9 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${prefix}${body}${check === 10 ? 'A' : check}`;
}
/** A HKID whose check digit is A. */
function hkidCheckA(): string {
  for (;;) {
    const n = hkid(letter() + letter());
    if (n.endsWith('A')) return n;
  }
}
const TW_CODES = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';
/** A Taiwan national identification number (second digit 1 or 2), random digits. */
function twId(): string {
  const first = TW_CODES[Math.floor(Math.random() * TW_CODES.length)]!;
  const code = 10 + TW_CODES.indexOf(first);
  const body = String(1 + Math.floor(Math.random() * 2)) + digits(7);
  const sum = Math.floor(code / 10) + (code % 10) * 9 + [...body].reduce((acc, d, i) => acc + Number(d) * (8 - i), 0);
  return `${first}${body}${(10 - (sum % 10)) % 10}`;
}
/** The same number with its last digit changed: the check digit fails. */
const wrongCheck = (n: string) => n.slice(0, -1) + (n.endsWith('1') ? '2' : '1');

let seq = 0;
const phone = (country: 'HK' | 'TW' | 'US') => {
  const n = String(++seq).padStart(4, '0');
  return country === 'HK' ? `+8529123${n}` : country === 'TW' ? `+88691234${n}` : `+1202555${n}`;
};

describe('real-name verification in Hong Kong and Taiwan (format check provider)', () => {
  let api: TestApi;
  const certify = (c: CookieClient, body: Record<string, unknown>) => c.post<{ certification: string; region: string; teen_mode: number }>('/api/tyler/user/certify_identity', body);
  const left = async (c: CookieClient) => (await c.call<{ attempts_left: number; region: string }>('/api/tyler/user/check_certification')).body.data!;

  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '10000' } });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('the check digit (0-9 or A) and the declared birth date verify a Hong Kong card; the number is never stored or logged', async () => {
    // The invented-looking numbers the tests use are not real: their check digits are computed.
    expect(hkid('A', '123456')).toBe('A1234563');
    const c = await signInByPhone(api.baseUrl, phone('HK'), ADULT);
    expect(await left(c)).toMatchObject({ region: 'HK', attempts_left: 5 });
    const number = hkid(letter());
    const written = `${number.slice(0, -1)}(${number.slice(-1)})`;

    // Bad input names its field, and takes none of the day's attempts.
    expect((await certify(c, { name: 'Chan Tai Man', id_number: written, region: 'HK' })).body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'birth_date' }] } });
    expect((await certify(c, { name: 'Chan Tai Man', id_number: 'A12345(6)', region: 'HK', birth_date: '2012-05-01' })).body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'id_number' }] } });
    expect((await certify(c, { name: 'Chan Tai Man', id_number: written, region: 'HK', birth_date: '2012-02-30' })).body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'birth_date' }] } });
    expect((await certify(c, { name: 'Chan Tai Man', id_number: written, region: 'HK', birth_date: '2999-01-01' })).body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'birth_date' }] } });
    expect((await certify(c, { name: 'Chan Tai Man', id_number: written, region: 'MO', birth_date: '2012-05-01' })).body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'region' }] } });
    expect((await left(c)).attempts_left).toBe(5);

    // A wrong check digit: the mismatch, naming the number; one attempt used.
    expect((await certify(c, { name: 'Chan Tai Man', id_number: wrongCheck(number), region: 'HK', birth_date: '2012-05-01' })).body).toMatchObject({ status_code: ErrorCode.IdentityCertificationMismatch, data: { field: 'id_number' } });
    expect((await left(c)).attempts_left).toBe(4);

    // Written with its brackets and in lower case: the same number; under 18 by the declared date.
    const res = await certify(c, { name: 'Chan Tai Man', id_number: written.toLowerCase(), region: 'HK', birth_date: '2012-05-01' });
    expect(res.body).toMatchObject({ status_code: 0, data: { certification: IdentityCertification.NotAdult, teen_mode: TeenMode.Enable, teen_mode_locked: true, region: 'HK', format_check_only: true } });
    const uid = (await c.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    const record = JSON.stringify(await IdentityRecord.findById(uid).lean());
    expect(record).not.toContain(number);
    expect(record).not.toContain(number.slice(1, 7));
    expect(record).toContain('"region":"HK"');
    expect(api.logs.find(number.slice(1, 7))).toEqual([]);

    // The same card on another account: the mismatch, neither told of the other.
    const other = await signInByPhone(api.baseUrl, phone('HK'), ADULT);
    expect((await certify(other, { name: 'Chan Tai Man', id_number: number, region: 'HK', birth_date: '2012-05-01' })).body.status_code).toBe(ErrorCode.IdentityCertificationMismatch);
    // Two letters and a check digit A; an adult by the declared date.
    const adult = await certify(other, { name: 'Wong Siu Ming', id_number: hkidCheckA(), region: 'HK', birth_date: '1990-03-07' });
    expect(adult.body.data).toMatchObject({ certification: IdentityCertification.AlreadyAdult, region: 'HK' });
  });

  it('the weighted check digit and the declared birth date verify a Taiwan number', async () => {
    expect(twId()).toMatch(/^[A-Z][12]\d{8}$/);
    const c = await signInByPhone(api.baseUrl, phone('TW'), ADULT);
    expect((await left(c)).region).toBe('TW');
    const number = twId();
    expect((await certify(c, { name: 'Lin Mei', id_number: 'A323456789', region: 'TW', birth_date: '1985-01-01' })).body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'id_number' }] } });
    expect((await certify(c, { name: 'Lin Mei', id_number: wrongCheck(number), region: 'TW', birth_date: '1985-01-01' })).body).toMatchObject({ status_code: ErrorCode.IdentityCertificationMismatch, data: { field: 'id_number' } });
    const res = await certify(c, { name: 'Lin Mei', id_number: number, region: 'TW', birth_date: '1985-01-01' });
    expect(res.body).toMatchObject({ status_code: 0, data: { certification: IdentityCertification.AlreadyAdult, region: 'TW' } });
    expect(api.logs.find(number)).toEqual([]);
    const minor = await signInByPhone(api.baseUrl, phone('TW'), ADULT);
    expect((await certify(minor, { name: 'Lin Xiao', id_number: twId(), region: 'TW', birth_date: '2013-09-09' })).body.data).toMatchObject({ certification: IdentityCertification.NotAdult });
  });

  it('the PRC number carries its own birth date: a date sent with it is refused; elsewhere the form starts on CN', async () => {
    const c = await signInByPhone(api.baseUrl, phone('US'), ADULT);
    expect((await left(c)).region).toBe('CN');
    const res = await certify(c, { name: '王五', id_number: '11010519900307123X', region: 'CN', birth_date: '1990-03-07' });
    expect(res.body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'birth_date' }] } });
    // A HKID sent as a PRC number is malformed for CN.
    expect((await certify(c, { name: '王五', id_number: hkid('A') })).body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'id_number' }] } });
  });
});
