/** @jest-environment node */
import { remoteOrigins, remotesFromEnv, RemotesEnvError } from '../server/remotes';

describe('remotesFromEnv', () => {
  it('defaults every remote to its agreed localhost port', () => {
    expect(remotesFromEnv({})).toEqual({
      remotes: [
        { name: 'mfe_editor', entry: 'http://localhost:8081/mf-manifest.json' },
        { name: 'mfe_brainstorm', entry: 'http://localhost:8082/mf-manifest.json' },
        { name: 'mfe_player', entry: 'http://localhost:8083/mf-manifest.json' },
        { name: 'mfe_account', entry: 'http://localhost:8084/mf-manifest.json' },
        { name: 'mfe_ops', entry: 'http://localhost:8085/mf-manifest.json' },
      ],
      apiBase: '/api',
    });
  });

  it('follows the port variables when no URL is given', () => {
    const { remotes } = remotesFromEnv({ EDITOR_PORT: '9181', OPS_PORT: ' 9185 ' });
    expect(remotes[0]?.entry).toBe('http://localhost:9181/mf-manifest.json');
    expect(remotes[4]?.entry).toBe('http://localhost:9185/mf-manifest.json');
  });

  it('uses a REMOTE_*_URL over the port, with or without a path and trailing slash', () => {
    const { remotes } = remotesFromEnv({
      EDITOR_PORT: '9181',
      REMOTE_EDITOR_URL: 'https://cdn.example.com/editor/',
      REMOTE_PLAYER_URL: 'http://player.internal:7000',
    });
    expect(remotes[0]?.entry).toBe('https://cdn.example.com/editor/mf-manifest.json');
    expect(remotes[2]?.entry).toBe('http://player.internal:7000/mf-manifest.json');
  });

  it('treats an empty variable as unset', () => {
    expect(remotesFromEnv({ REMOTE_ACCOUNT_URL: '', ACCOUNT_PORT: '  ' }).remotes[3]?.entry).toBe(
      'http://localhost:8084/mf-manifest.json',
    );
  });

  it.each([
    [{ REMOTE_EDITOR_URL: 'localhost:8081' }, 'REMOTE_EDITOR_URL'],
    [{ REMOTE_OPS_URL: 'ftp://host/x' }, 'REMOTE_OPS_URL'],
    [{ REMOTE_PLAYER_URL: 'http://host/?v=1' }, 'REMOTE_PLAYER_URL'],
    [{ BRAINSTORM_PORT: 'eighty' }, 'BRAINSTORM_PORT'],
    [{ ACCOUNT_PORT: '70000' }, 'ACCOUNT_PORT'],
  ])('rejects %j naming the variable', (env, variable) => {
    expect(() => remotesFromEnv(env)).toThrow(RemotesEnvError);
    expect(() => remotesFromEnv(env)).toThrow(variable);
  });
});

describe('remoteOrigins', () => {
  it('lists each distinct origin once', () => {
    const json = remotesFromEnv({ REMOTE_EDITOR_URL: 'https://cdn.example.com/editor', REMOTE_PLAYER_URL: 'https://cdn.example.com/player' });
    expect(remoteOrigins(json)).toEqual([
      'https://cdn.example.com',
      'http://localhost:8082',
      'http://localhost:8084',
      'http://localhost:8085',
    ]);
  });
});
