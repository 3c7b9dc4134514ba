import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError, ErrorCode, TeenMode, resetStores, sessionStore } from 'shared-kit';
import { accountStore, resetAccount, updateAccount } from '../session/account';
import { toSessionUser } from '../session/service';
import { Onboarding } from './Onboarding';
import { nicknameError } from './NicknameStep';

const post = jest.fn();
jest.mock('../http/client', () => ({ api: async () => ({ post }) }));

const ok = (data: unknown) => ({ data: { status_code: 0, status_message: 'success', data } });
const user = {
  uid: '3',
  biz_uid: 'b3',
  nickname: 'User 000003',
  roles: ['user'],
  teen_mode: TeenMode.Unknown,
};
const valueOf = (el: HTMLElement) => (el as HTMLInputElement).value;
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

function renderSteps(onShellError: (e: unknown) => boolean = () => false) {
  const onDone = jest.fn();
  render(
    <MemoryRouter>
      <Onboarding onDone={onDone} onShellError={onShellError} />
    </MemoryRouter>,
  );
  return onDone;
}

beforeEach(() => {
  localStorage.clear();
  resetStores();
  resetAccount();
  post.mockReset();
  sessionStore.getState().setUser(toSessionUser(user));
  updateAccount({ needConfirm: true });
  post.mockImplementation(async (url: string, body: Record<string, unknown>) => {
    if (url === '/tyler/user/log_in_confirm')
      return ok({
        ...user,
        is_adult: body.is_adult,
        teen_mode: body.is_adult ? TeenMode.Disable : TeenMode.Enable,
      });
    if (url === '/tyler/user/save') return ok({ ...user, nickname: body.nickname });
    throw new Error(`unexpected ${url}`);
  });
});

it('walks age, terms and nickname, recording the answers', async () => {
  const onDone = renderSteps();
  expect(screen.getByText('Step 1 of 3')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'I am 18 or older' }));

  expect(screen.getByText('Step 2 of 3')).toBeTruthy();
  const agree = screen.getByRole('button', { name: 'Agree and continue' });
  expect(isDisabled(agree)).toBe(true);
  expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
    '/editor/protocol/terms',
  );
  expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
    '/editor/protocol/privacy',
  );
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
  fireEvent.click(agree);

  const nickname = await screen.findByLabelText('Nickname');
  expect(post).toHaveBeenCalledWith(
    '/tyler/user/log_in_confirm',
    { is_adult: true, agree_terms: true },
    { silent: true },
  );
  expect(accountStore.getState()).toMatchObject({ needConfirm: false, isAdult: true });
  expect(valueOf(nickname)).toBe('User 000003');
  fireEvent.change(nickname, { target: { value: '  Lin  ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  expect(post).toHaveBeenLastCalledWith('/tyler/user/save', { nickname: 'Lin' }, { silent: true });
  expect(sessionStore.getState().user?.user_nick).toBe('Lin');
});

it('explains youth mode to someone under 18 and records is_adult false', async () => {
  renderSteps();
  fireEvent.click(screen.getByRole('button', { name: 'I am under 18' }));
  expect(screen.getByRole('heading', { name: 'Youth mode' })).toBeTruthy();
  expect(screen.getByText('Users under 18 can only use youth mode.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  fireEvent.click(screen.getByRole('button', { name: 'I am under 18' }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue in youth mode' }));
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
  await screen.findByLabelText('Nickname');
  expect(post).toHaveBeenCalledWith(
    '/tyler/user/log_in_confirm',
    { is_adult: false, agree_terms: true },
    { silent: true },
  );
  expect(sessionStore.getState().user?.teen_mode).toBe(TeenMode.Enable);
});

it('lets the prefilled nickname be skipped without a save', async () => {
  const onDone = renderSteps();
  fireEvent.click(screen.getByRole('button', { name: 'I am 18 or older' }));
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
  await screen.findByLabelText('Nickname');
  fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
  expect(onDone).toHaveBeenCalledTimes(1);
  expect(post).toHaveBeenCalledTimes(1);
});

it('checks the nickname length and shows the refusal in the UI language', async () => {
  post.mockImplementation(async (url: string) => {
    if (url === '/tyler/user/log_in_confirm') return ok(user);
    throw new ApiError(ErrorCode.NicknameIllegal, 'Nickname is not allowed');
  });
  const onDone = renderSteps();
  fireEvent.click(screen.getByRole('button', { name: 'I am 18 or older' }));
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
  const nickname = await screen.findByLabelText('Nickname');
  fireEvent.change(nickname, { target: { value: 'x' } });
  expect(screen.getByRole('alert').textContent).toBe('Nickname must be 2-30 characters');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(post).toHaveBeenCalledTimes(1);
  fireEvent.change(nickname, { target: { value: 'Fine name' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  // The client's own message for the code (spec §8 catalogue), not the server's English text.
  expect((await screen.findByRole('alert')).textContent).toBe('Nickname is invalid');
  expect(onDone).not.toHaveBeenCalled();
});

it('leaves errors the shell reacts to (a region block) to the shell', async () => {
  post.mockRejectedValue(new ApiError(ErrorCode.AreaForbidden));
  const shell = jest.fn(() => true);
  renderSteps(shell);
  fireEvent.click(screen.getByRole('button', { name: 'I am 18 or older' }));
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
  await waitFor(() => expect(shell).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText('Step 2 of 3')).toBeTruthy();
});

describe('nicknameError', () => {
  it.each([
    ['ab', null],
    ['  ab  ', null],
    ['a'.repeat(30), null],
    ['😀😀', null],
    ['a', 'Nickname must be 2-30 characters'],
    ['   ', 'Nickname must be 2-30 characters'],
    ['a'.repeat(31), 'Nickname must be 2-30 characters'],
    ['line\nbreak', 'Nickname must be 2-30 characters'],
  ])('%j -> %s', (value, expected) => {
    expect(nicknameError(value)).toBe(expected);
  });
});

it('comes back to the nickname step after a reload until it is done', async () => {
  const first = renderSteps();
  fireEvent.click(screen.getByRole('button', { name: 'I am 18 or older' }));
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
  await screen.findByLabelText('Nickname');
  expect(first).not.toHaveBeenCalled();
  cleanup();

  // The page again: the server no longer asks for the terms, the nickname step is still owed.
  const onDone = renderSteps();
  expect(screen.getByText('Step 3 of 3')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: 'Lin' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  expect(localStorage.getItem('sv:proceed_login_step')).toBeNull();
  cleanup();

  // Done: nothing is pending any more.
  renderSteps();
  expect(screen.getByText('Step 1 of 3')).toBeTruthy();
});

it('does not carry one account\'s pending step to another account', async () => {
  localStorage.setItem('sv:proceed_login_step', JSON.stringify({ uid: 'someone-else', step: 'nickname' }));
  renderSteps();
  expect(screen.getByText('Step 1 of 3')).toBeTruthy();
});
