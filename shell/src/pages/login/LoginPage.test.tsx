import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { ApiError, ErrorCode, PRERENDER_DATA_ID, StorageKey, UI_MESSAGES, resetPrerendered, resetStores, sessionStore, storage } from 'shared-kit';
import { resetAccount, updateAccount } from '../../session/account';
import { toSessionUser } from '../../session/service';
import { LoginPage } from './LoginPage';

const get = jest.fn();
const post = jest.fn();
jest.mock('../../http/client', () => ({ api: async () => ({ get, post, defaults: { baseURL: '/api' } }) }));

const ok = (data: unknown) => ({ data: { status_code: 0, status_message: 'success', data } });
const fail = (code: number, message: string, data?: unknown) => new ApiError(code, message, data);

const valueOf = (el: HTMLElement) => (el as HTMLInputElement).value;
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** Lets the page's start-up requests (provider list) settle inside act. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

async function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/editor', '/login'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  await settle();
  return router;
}

const main = () => screen.getByRole('form', { name: 'Log in with phone' });
const phoneInput = () => screen.getByLabelText('Phone number');
const sendButton = () => within(main()).getByRole('button', { name: /Send code|Resend code/ });

/** Answers for the calls the page makes besides the ones a test cares about. */
function serve({ providers = [] as unknown[], loggedIn = null as Record<string, unknown> | null } = {}) {
  get.mockImplementation(async (url: string) => {
    if (url === '/passport/providers') return ok({ providers });
    if (url === '/passport/check_login')
      return ok(loggedIn ? { is_login: true, user: loggedIn } : { is_login: false });
    if (url === '/tyler/user/launch') return ok({ ws_config: { url: '/socket.io', path: '/socket.io' } });
    if (url === '/tyler/user/detail')
      return ok(loggedIn ? { ...loggedIn, user_nick: loggedIn.nickname } : {});
    throw new Error(`unexpected GET ${url}`);
  });
}

async function sendCodeTo(number: string) {
  fireEvent.change(phoneInput(), { target: { value: number } });
  fireEvent.click(sendButton());
  await screen.findByLabelText('Verification code');
}

beforeEach(() => {
  resetStores();
  resetAccount();
  localStorage.clear();
  get.mockReset();
  post.mockReset();
  sessionStore.getState().setUser(null);
  serve();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('phone form', () => {
  it('refuses an invalid number before sending anything', async () => {
    await renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '12' } });
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain(UI_MESSAGES.invalidPhone);
    expect(phoneInput().getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });

  it('sends the number in E.164 with the picked country, then asks for the code', async () => {
    post.mockResolvedValueOnce(ok({ retry_after_s: 60, expires_in_s: 600 }));
    await renderLogin();
    fireEvent.change(screen.getByLabelText('Country or region'), { target: { value: 'GB' } });
    await sendCodeTo('07911 123456');
    expect(post).toHaveBeenCalledWith(
      '/passport/sms/send',
      { phone: '+447911123456', country: 'GB' },
      { silent: true },
    );
    const code = screen.getByLabelText('Verification code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('status').textContent).toContain('Code sent to +447911123456');
    expect(isDisabled(within(main()).getByRole('button', { name: 'Log in' }))).toBe(true);
  });

  it('finds a country by search and picks the only match', async () => {
    await renderLogin();
    fireEvent.change(screen.getByLabelText('Search countries'), { target: { value: 'united kingdom' } });
    expect(valueOf(screen.getByLabelText('Country or region'))).toBe('GB');
    fireEvent.change(screen.getByLabelText('Search countries'), { target: { value: 'qqqq' } });
    expect(screen.getByText('No country matches “qqqq”')).toBeTruthy();
  });

  it('counts down 60 s, ticking every second, before a resend', async () => {
    jest.useFakeTimers();
    post.mockResolvedValue(ok({ retry_after_s: 60, expires_in_s: 600 }));
    await renderLogin();
    await sendCodeTo('2025550100');
    expect(sendButton().textContent).toContain('Resend code in 60 s');
    expect(isDisabled(sendButton())).toBe(true);
    act(() => jest.advanceTimersByTime(1000));
    expect(sendButton().textContent).toContain('Resend code in 59 s');
    act(() => jest.advanceTimersByTime(58_000));
    expect(sendButton().textContent).toContain('Resend code in 1 s');
    act(() => jest.advanceTimersByTime(1000));
    expect(sendButton().textContent).toMatch(/^Resend code$/);
    expect(isDisabled(sendButton())).toBe(false);
    fireEvent.click(sendButton());
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
  });

  it('fills the code from a pasted 6-digit code and keeps only digits when typing', async () => {
    post.mockResolvedValueOnce(ok({ retry_after_s: 60 }));
    await renderLogin();
    await sendCodeTo('2025550100');
    const code = screen.getByLabelText('Verification code');
    fireEvent.paste(code, { clipboardData: { getData: () => 'Your code: 123 456' } });
    expect(valueOf(code)).toBe('123456');
    fireEvent.change(code, { target: { value: '9a8b7' } });
    expect(valueOf(code)).toBe('987');
  });

  it.each([
    ['code_incorrect', UI_MESSAGES.codeIncorrect],
    ['code_expired', UI_MESSAGES.codeExpired],
    ['code_not_sent', UI_MESSAGES.codeNotSent],
  ])('shows the message for %s beside the code', async (reason, message) => {
    post.mockResolvedValueOnce(ok({ retry_after_s: 60 }));
    post.mockRejectedValueOnce(fail(ErrorCode.InvalidParam, 'x', { reason }));
    await renderLogin();
    await sendCodeTo('2025550100');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(within(main()).getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(post).toHaveBeenLastCalledWith(
      '/passport/sms/login',
      { phone: '+12025550100', country: 'US', code: '000000' },
      { silent: true },
    );
  });

  it('shows the wait the API gives for too many attempts and holds the send button that long', async () => {
    jest.useFakeTimers();
    post.mockRejectedValueOnce(
      fail(ErrorCode.RateLimit, 'x', { reason: 'too_many_attempts', retry_after_s: 42 }),
    );
    await renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '2025550100' } });
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts, try again in 42 seconds',
    );
    expect(sendButton().textContent).toContain('Resend code in 42 s');
    expect(isDisabled(sendButton())).toBe(true);
  });

  it('hands a region block to the shell reaction: restricted page', async () => {
    post.mockRejectedValueOnce(fail(ErrorCode.AreaForbidden, UI_MESSAGES.regionUnavailable));
    post.mockResolvedValue(ok({ is_login: false }));
    const router = await renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '2025550100' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor/restricted-access'));
  });
});

describe('signing in', () => {
  const fresh = {
    uid: '77',
    biz_uid: 'b77',
    nickname: 'User 000077',
    roles: ['user'],
    need_confirm: true,
    is_adult: null,
  };

  it('revalidates the session, then runs the first-sign-in steps and returns to the remembered path', async () => {
    storage.set(StorageKey.LoginRedirect, '/editor/works?tab=drafts');
    post.mockImplementation(async (url: string, body: Record<string, unknown>) => {
      if (url === '/passport/sms/send') return ok({ retry_after_s: 60 });
      if (url === '/passport/sms/login') {
        serve({ loggedIn: fresh });
        return ok({ is_new: true, need_confirm: true, user: fresh });
      }
      if (url === '/tyler/user/log_in_confirm')
        return ok({ ...fresh, need_confirm: false, is_adult: body.is_adult });
      if (url === '/tyler/user/save') return ok({ ...fresh, nickname: body.nickname });
      throw new Error(`unexpected POST ${url}`);
    });
    const router = await renderLogin();
    await sendCodeTo('2025550100');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(within(main()).getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { name: 'Confirm your age' });
    const calls = get.mock.calls.map((c) => c[0]);
    expect(calls).toEqual(
      expect.arrayContaining(['/passport/check_login', '/tyler/user/launch', '/tyler/user/detail']),
    );
    expect(sessionStore.getState().status).toBe('user');

    fireEvent.click(screen.getByRole('button', { name: 'I am 18 or older' }));
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    const nickname = await screen.findByLabelText('Nickname');
    expect(post).toHaveBeenCalledWith(
      '/tyler/user/log_in_confirm',
      { is_adult: true, agree_terms: true },
      { silent: true },
    );
    expect(valueOf(nickname)).toBe('User 000077');
    fireEvent.change(nickname, { target: { value: 'Mira' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/editor/works'));
    expect(router.state.location.search).toBe('?tab=drafts');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sessionStore.getState().user?.user_nick).toBe('Mira');
    expect(storage.get(StorageKey.LoginRedirect)).toBeNull();
  });

  it('goes straight back when the account has confirmed before', async () => {
    const known = { ...fresh, need_confirm: false, is_adult: true };
    post.mockImplementation(async (url: string) => {
      if (url === '/passport/sms/send') return ok({ retry_after_s: 60 });
      serve({ loggedIn: known });
      return ok({ is_new: false, need_confirm: false, user: known });
    });
    const router = await renderLogin();
    await sendCodeTo('2025550100');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(within(main()).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a signed-in visitor to the remembered path', async () => {
    storage.set(StorageKey.LoginRedirect, '/editor/story/5');
    sessionStore.getState().setUser(toSessionUser({ uid: '1', nickname: 'Ada' }));
    const router = await renderLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor/story/5'));
  });

  it('shows the first-sign-in steps to a signed-in visitor who still owes them', async () => {
    sessionStore.getState().setUser(toSessionUser({ uid: '1', nickname: 'Ada' }));
    updateAccount({ needConfirm: true });
    await renderLogin();
    expect(await screen.findByRole('heading', { name: 'Confirm your age' })).toBeTruthy();
  });
});

describe('provider buttons', () => {
  it('shows only the providers the API lists, each going to its start route with the remembered path', async () => {
    storage.set(StorageKey.LoginRedirect, '/editor/works');
    serve({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'shortvideo', name: 'Short-video app' },
        { bad: 1 },
      ],
    });
    await renderLogin();
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/api/passport/oauth/google/start?next=%2Feditor%2Fworks');
    expect(screen.getByRole('link', { name: 'Continue with Short-video app' }).getAttribute('href')).toBe(
      '/api/passport/oauth/shortvideo/start?next=%2Feditor%2Fworks',
    );
    expect(screen.queryByRole('link', { name: 'Continue with Apple' })).toBeNull();
  });

  it('shows none when none is configured or the list fails', async () => {
    get.mockRejectedValue(fail(ErrorCode.BackendNetworkError, UI_MESSAGES.networkError));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderLogin();
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    expect(phoneInput()).toBeTruthy();
    error.mockRestore();
  });
});

describe("the server's form (a visitor's /login came with its first screen)", () => {
  afterEach(() => {
    document.body.innerHTML = '';
    document.head.innerHTML = '';
    resetPrerendered();
  });

  it('is taken over with what was typed in it and the focus in the same field, without a session check first', async () => {
    // The page as the server wrote it (jsdom's address is `/`), the visitor typing in its number field.
    document.head.innerHTML = `<script type="application/json" id="${PRERENDER_DATA_ID}">${JSON.stringify({ v: 1, kind: 'shell', key: 'login', path: '/', language: 'en', data: {} })}</script>`;
    document.body.innerHTML =
      '<div data-prerendered="shell"><form class="login-form"><input class="country-picker__search" type="search" value="king">' +
      '<select class="country-picker__select"><option value="US">United States</option><option value="GB" selected>United Kingdom</option></select>' +
      '<input id="login-phone" type="tel" value="07911 12"></form></div>';
    resetPrerendered();
    const typed = document.getElementById('login-phone') as HTMLInputElement;
    typed.focus();
    typed.setSelectionRange(3, 3);
    // The session check has not answered yet.
    resetStores();
    expect(sessionStore.getState().status).toBe('unknown');

    await renderLogin();
    const phone = phoneInput() as HTMLInputElement;
    expect(phone.value).toBe('07911 12');
    expect(document.activeElement).toBe(phone);
    expect(phone.selectionStart).toBe(3);
    expect(valueOf(screen.getByLabelText('Search countries'))).toBe('king');
    expect(valueOf(screen.getByLabelText('Country or region'))).toBe('GB');
    expect(screen.queryByText('Checking your session…')).toBeNull();
  });

  it('is not used once the page has been taken over, nor when there is none', async () => {
    resetStores();
    await renderLogin();
    expect(screen.getByText('Checking your session…')).toBeTruthy();
  });
});
