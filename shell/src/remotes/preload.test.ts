import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { preloadFirstRemote, remoteForPath } from './preload';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
}));

const REMOTES = { remotes: [{ name: 'mfe_player', entry: 'http://localhost:8083/mf-manifest.json' }] };

describe('remoteForPath', () => {
  it.each([
    ['/play', 'mfe_player'],
    ['/play/story/7/play', 'mfe_player'],
    ['/Play/', 'mfe_player'],
    ['/account/settings', 'mfe_account'],
    ['/playground', null],
    ['/editor/works', null],
    ['/', null],
  ])('%s -> %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });
});

describe('preloadFirstRemote', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn(() => Promise.resolve({ ok: true, json: () => Promise.resolve(REMOTES) }));
    global.fetch = fetchMock as unknown as typeof fetch;
    jest.mocked(preloadRemote).mockClear();
  });

  it("fetches /remotes.json once, registers the remotes and preloads the page's remote without running it", async () => {
    preloadFirstRemote('/play/story/1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledWith(REMOTES.remotes);
    expect(preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'mfe_player', exposes: ['./App'] }]);
  });
});
