import { act, fireEvent, render, screen } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { resetRemotesConfig } from './config';
import { RemoteBoundary } from './RemoteBoundary';
import { remoteComponent } from './remoteComponent';

const REMOTE_UNAVAILABLE = 'This part of the product is temporarily unavailable';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const mockedLoadRemote = jest.mocked(loadRemote);
const mockedRegister = jest.mocked(registerRemotes);

const remotesJson = {
  remotes: [{ name: 'mfe_player', entry: 'http://localhost:8083/mf-manifest.json' }],
  apiBase: '/api',
};

function mockFetch(body: unknown, status = 200) {
  // jsdom has no fetch or Response; the loader only reads ok, status and json().
  const fetchMock = jest.fn(async () => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  }));
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

let consoleError: jest.SpyInstance;

beforeEach(() => {
  resetRemotesConfig();
  mockedLoadRemote.mockReset();
  mockedRegister.mockReset();
  // React logs caught render errors; the boundary logs its own line. Both are expected here.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => consoleError.mockRestore());

describe('RemoteBoundary', () => {
  it('renders the remote App once the config is registered', async () => {
    const fetchMock = mockFetch(remotesJson);
    mockedLoadRemote.mockResolvedValue({ default: () => <h1>Stories</h1> });
    const Player = remoteComponent('mfe_player');
    render(<RemoteBoundary remote={Player} />);
    expect(await screen.findByRole('heading', { name: 'Stories' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(mockedRegister).toHaveBeenCalledWith(remotesJson.remotes);
    expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_player/App');
  });

  it('shows the fallback with Retry when loadRemote rejects, and recovers on Retry', async () => {
    mockFetch(remotesJson);
    mockedLoadRemote.mockRejectedValueOnce(new Error('remote entry 503'));
    const Player = remoteComponent('mfe_player');
    render(
      <>
        <nav aria-label="Main">
          <a href="/editor">Home</a>
        </nav>
        <RemoteBoundary remote={Player} />
      </>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(REMOTE_UNAVAILABLE);
    // The message is the page's heading: the remote's page, with its own, never came.
    expect(screen.getByRole('heading', { level: 1, name: REMOTE_UNAVAILABLE })).toBeTruthy();
    // The rest of the page keeps working.
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();

    mockedLoadRemote.mockResolvedValueOnce({ default: () => <h1>Stories</h1> });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: 'Stories' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
  });

  it('falls back when /remotes.json is missing, and fetches it again on Retry', async () => {
    const fetchMock = mockFetch({ error: 'not found' }, 404);
    const Player = remoteComponent('mfe_player');
    render(<RemoteBoundary remote={Player} />);
    expect((await screen.findByRole('alert')).textContent).toContain(REMOTE_UNAVAILABLE);
    expect(mockedLoadRemote).not.toHaveBeenCalled();

    mockFetch(remotesJson);
    mockedLoadRemote.mockResolvedValueOnce({ default: () => <h1>Stories</h1> });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: 'Stories' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back when the remote module has no component', async () => {
    mockFetch(remotesJson);
    mockedLoadRemote.mockResolvedValue({ default: 'nope' });
    render(<RemoteBoundary remote={remoteComponent('mfe_player')} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('contains an error thrown while the remote renders', async () => {
    mockFetch(remotesJson);
    mockedLoadRemote.mockResolvedValue({
      default: () => {
        throw new Error('render failure');
      },
    });
    render(<RemoteBoundary remote={remoteComponent('mfe_player')} />);
    expect((await screen.findByRole('alert')).textContent).toContain(REMOTE_UNAVAILABLE);
  });
});
