import { RemotesConfigError, parseRemotesConfig } from './config';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

describe('parseRemotesConfig', () => {
  it('accepts the agreed shape and defaults apiBase', () => {
    expect(
      parseRemotesConfig({ remotes: [{ name: 'mfe_ops', entry: 'http://x/mf-manifest.json' }] }),
    ).toEqual({
      remotes: [{ name: 'mfe_ops', entry: 'http://x/mf-manifest.json' }],
      apiBase: '/api',
    });
    expect(parseRemotesConfig({ remotes: [], apiBase: '/backend' }).apiBase).toBe('/backend');
  });

  it.each([
    [null, 'expected an object'],
    [[], 'expected an object'],
    [{}, '"remotes" must be an array'],
    [{ remotes: [1] }, 'remotes[0] must be an object'],
    [{ remotes: [{ name: 'mfe-editor', entry: 'x' }] }, 'remotes[0].name'],
    [{ remotes: [{ name: 'mfe_editor', entry: ' ' }] }, 'remotes[0].entry'],
    [{ remotes: [], apiBase: 3 }, '"apiBase" must be a string'],
  ])('rejects %j naming the problem', (raw, problem) => {
    expect(() => parseRemotesConfig(raw)).toThrow(RemotesConfigError);
    expect(() => parseRemotesConfig(raw)).toThrow(problem);
  });
});
