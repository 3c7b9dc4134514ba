import path from 'node:path';
import { ConfigError, REPO_ROOT, aiMode, describeConfig, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      mongodbUri: undefined,
      logLevel: 'info',
      appOrigin: 'http://localhost:8080',
      trustProxy: false,
      workers: 1,
      socketAdapter: 'local',
      socketPolling: true,
    });
    expect(c.dataDir).toBe(path.join(REPO_ROOT, '.data'));
    expect(c.sessionSecret.length).toBeGreaterThanOrEqual(16);
    expect(aiMode(c)).toBe('offline');
  });

  it('reads API_WORKERS, SOCKET_ADAPTER and SOCKET_POLLING, naming them when bad', () => {
    expect(loadConfig({ API_WORKERS: '4', SOCKET_ADAPTER: 'mongo' })).toMatchObject({ workers: 4, socketAdapter: 'mongo' });
    expect(() => loadConfig({ API_WORKERS: '0' })).toThrow(/API_WORKERS/);
    expect(() => loadConfig({ API_WORKERS: 'two' })).toThrow(/API_WORKERS/);
    expect(() => loadConfig({ SOCKET_ADAPTER: 'redis' })).toThrow(/SOCKET_ADAPTER/);
    expect(loadConfig({ SOCKET_POLLING: 'false' }).socketPolling).toBe(false);
    expect(() => loadConfig({ SOCKET_POLLING: 'sometimes' })).toThrow(/SOCKET_POLLING/);
  });

  it('moves play time’s clock only outside production (DEV_PLAY_CLOCK)', () => {
    expect(loadConfig({}).devPlayClock).toBe(false);
    expect(loadConfig({ DEV_PLAY_CLOCK: '1' }).devPlayClock).toBe(true);
    expect(loadConfig({ DEV_PLAY_CLOCK: '1', NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-0123' }).devPlayClock).toBe(false);
  });

  it('fails fast naming the variable when PORT is not a number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (err) {
      expect((err as ConfigError).variable).toBe('PORT');
    }
  });

  it.each([
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['MONGODB_URI', 'http://db'],
    ['APP_ORIGIN', 'not a url'],
    ['LLM_BASE_URL', 'nope'],
  ])('names %s when it is invalid', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`variable ${name}:`));
  });

  it('requires SESSION_SECRET in production and never echoes a secret value', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short-secret' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/SESSION_SECRET/);
    expect(message).not.toContain('short-secret');
    const prod = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-long-enough-production-secret' });
    expect(prod.sessionSecret).toBe('a-long-enough-production-secret');
  });

  it('parses booleans, overrides and the model switch; empty means unset', () => {
    const c = loadConfig({
      TRUST_PROXY: 'true',
      PORT: '0',
      DATA_DIR: '/var/lib/storyverse',
      MONGODB_URI: '',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3',
      LLM_API_KEY: 'sk-test-key',
    });
    expect(c.trustProxy).toBe(true);
    expect(c.port).toBe(0);
    expect(c.dataDir).toBe('/var/lib/storyverse');
    expect(c.mongodbUri).toBeUndefined();
    expect(aiMode(c)).toBe('model');
    const summary = JSON.stringify(describeConfig(c));
    expect(summary).not.toContain('sk-test-key');
    expect(summary).not.toContain(c.sessionSecret);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });
});
