import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, IdentityCertification } from 'shared-kit';
import { signInByPhone, startTestApi, type TestApi } from './helpers';
import { idNumber } from './support/identity';
import { ADULT, nextPhone } from './support/playStories';

/** The HTTP verification provider against a loopback fake: its key, its three answers and its failure. */
describe('real-name verification through an HTTP provider', () => {
  let api: TestApi;
  let fake: Server;
  const seen: Array<{ auth: string | undefined; body: Record<string, string> }> = [];
  const answers = new Map<string, string>();

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, string>;
        seen.push({ auth: req.headers.authorization, body });
        const result = answers.get(body.name!) ?? 'mismatch';
        if (result === 'down') {
          res.writeHead(503).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/verify`;
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '10000', IDENTITY_PROVIDER_URL: url, IDENTITY_PROVIDER_KEY: 'test-provider-key' } });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await new Promise((r) => fake?.close(r));
  });

  it('sends the name and number with the key and follows the answer; a failure gives the attempt back', async () => {
    answers.set('Adult Person', 'adult').set('Young Person', 'minor').set('Wrong Person', 'mismatch').set('Down', 'down');
    const [a, b, c] = [await signInByPhone(api.baseUrl, nextPhone(), ADULT), await signInByPhone(api.baseUrl, nextPhone(), ADULT), await signInByPhone(api.baseUrl, nextPhone(), ADULT)];
    // The provider decides: even a number whose birth date says adult is a minor when it answers so.
    const adult = await a.post('/api/tyler/user/certify_identity', { name: 'Adult Person', id_number: idNumber('19900307', '001') });
    expect(adult.body.data).toMatchObject({ certification: IdentityCertification.AlreadyAdult, format_check_only: false });
    const minor = await b.post('/api/tyler/user/certify_identity', { name: 'Young Person', id_number: idNumber('19900307', '002') });
    expect(minor.body.data).toMatchObject({ certification: IdentityCertification.NotAdult, teen_mode_locked: true });
    expect((await c.post('/api/tyler/user/certify_identity', { name: 'Wrong Person', id_number: idNumber('19900307', '003') })).body.status_code).toBe(ErrorCode.IdentityCertificationMismatch);
    const down = await c.post('/api/tyler/user/certify_identity', { name: 'Down', id_number: idNumber('19900307', '004') });
    expect(down.body.status_code).toBe(ErrorCode.BackendNetworkError);
    // The mismatch counted; the failure did not.
    expect((await c.call<{ attempts_left: number }>('/api/tyler/user/check_certification')).body.data!.attempts_left).toBe(4);
    expect(seen[0]).toEqual({ auth: 'Bearer test-provider-key', body: { name: 'Adult Person', id_number: idNumber('19900307', '001'), region: 'CN' } });
    expect(api.logs.find('test-provider-key')).toEqual([]);
  });

  it('sends the region, the number (normalised) and the declared birth date for a Hong Kong card, and follows the answer', async () => {
    answers.set('Chan Tai Man', 'minor');
    const c = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const res = await c.post('/api/tyler/user/certify_identity', { name: 'Chan Tai Man', id_number: 'a123456(3)', region: 'HK', birth_date: '1990-03-07' });
    // The provider decides, whatever the declared date says.
    expect(res.body.data).toMatchObject({ certification: IdentityCertification.NotAdult, region: 'HK', format_check_only: false });
    expect(seen[seen.length - 1]).toEqual({ auth: 'Bearer test-provider-key', body: { name: 'Chan Tai Man', id_number: 'A1234563', region: 'HK', birth_date: '1990-03-07' } });
    expect(api.logs.find('A1234563')).toEqual([]);
  });
});
