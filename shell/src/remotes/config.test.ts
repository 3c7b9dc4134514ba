import { registerRemotes } from '@module-federation/enhanced/runtime';
import { RemotesConfigError, loadRemotesConfig, parseRemotesConfig, resetRemotesConfig } from './config';
import { INLINE_REMOTES_ID } from './first-render';

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

describe('loadRemotesConfig', () => {
  const REMOTES = { remotes: [{ name: 'mfe_player', entry: 'http://localhost:8083/mf-manifest.json' }], apiBase: '/api' };
  let fetchMock: jest.Mock;
  beforeEach(() => {
    resetRemotesConfig();
    jest.mocked(registerRemotes).mockClear();
    fetchMock = jest.fn(() => Promise.resolve({ ok: true, json: () => Promise.resolve(REMOTES) }));
    global.fetch = fetchMock as unknown as typeof fetch;
    document.head.innerHTML = '';
  });

  it("reads the config the shell's server wrote into the page, without a request", async () => {
    document.head.innerHTML = `<script type="application/json" id="${INLINE_REMOTES_ID}">${JSON.stringify(REMOTES)}</script>`;
    await expect(loadRemotesConfig()).resolves.toEqual(REMOTES);
    expect(registerRemotes).toHaveBeenCalledWith(REMOTES.remotes);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for /remotes.json when the page has none or it does not parse', async () => {
    await expect(loadRemotesConfig()).resolves.toEqual(REMOTES);
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.anything());
    resetRemotesConfig();
    document.head.innerHTML = `<script type="application/json" id="${INLINE_REMOTES_ID}">{"remotes": 1}</script>`;
    await expect(loadRemotesConfig()).resolves.toEqual(REMOTES);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
