import { LIMITS } from 'shared-kit';
import { call, startTestApi, type TestApi } from '../../../test/helpers';
import { commonConfigResponseSchema } from './config.schema';

describe('GET /api/tyler/user/common_config', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-never-shown' } });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('returns the public product config with the shared limits and four image styles', async () => {
    const res = await call(api.baseUrl, '/api/tyler/user/common_config?version_code=10000&device_platform=web&aid=1&pkg_type=release_version&language=en');
    expect(res.status).toBe(200);
    expect(res.body.status_code).toBe(0);
    const data = commonConfigResponseSchema.parse(res.body.data);
    expect(data.limits).toEqual(LIMITS);
    expect(data.image_styles).toHaveLength(4);
    expect(new Set(data.image_styles.map((s) => s.code)).size).toBe(4);
    expect(data.image_styles.some((s) => s.members_only)).toBe(true);
    for (const style of data.image_styles) expect(style.preview).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.providers).toEqual({ phone: true, google: false, apple: false, short_video: false });
    expect(data.ai).toEqual({ mode: 'model' });
    expect(JSON.stringify(res.body)).not.toContain('sk-never-shown');
  });
});

describe('common_config with a configured OpenID provider', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      env: { GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret-never-shown', GOOGLE_ISSUER: 'http://127.0.0.1:9' },
    });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('shows only the configured providers as on, without their secrets', async () => {
    const res = await call(api.baseUrl, '/api/tyler/user/common_config');
    const data = commonConfigResponseSchema.parse(res.body.data);
    expect(data.providers).toEqual({ phone: true, google: true, apple: false, short_video: false });
    expect(data.ai).toEqual({ mode: 'offline' });
    expect(JSON.stringify(res.body)).not.toContain('secret-never-shown');
  });
});
