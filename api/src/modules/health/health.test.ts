import os from 'node:os';
import pkg from '../../../package.json';
import { call, startTestApi, type TestApi } from '../../../test/helpers';
import { healthResponseSchema } from './health.schema';

describe('GET /api/health', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.stop();
  });

  it('reports ok with the database up, inside a success envelope', async () => {
    const res = await call(api.baseUrl, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status_code).toBe(0);
    expect(res.body.status_message).toBe('success');
    const data = healthResponseSchema.parse(res.body.data);
    expect(data).toMatchObject({ status: 'ok', db: 'up', version: pkg.version, process: `${os.hostname()}:${process.pid}` });
    expect(data.uptime_s).toBeGreaterThanOrEqual(0);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('says db down, still ok, once the database is gone', async () => {
    await api.db.connection.close();
    const res = await call(api.baseUrl, '/api/health');
    expect(res.body.status_code).toBe(0);
    expect(res.body.data).toMatchObject({ status: 'ok', db: 'down' });
  });
});
