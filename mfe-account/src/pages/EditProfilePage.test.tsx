import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, ErrorCode, sessionStore, TeenMode } from 'shared-kit';
import { messageForCode } from 'ui-kit';
import * as profileService from '../services/profile.service';
import { USERNAME_CHECK_DELAY_MS } from '../stores/profile/store';
import { aUser, installFakeShell, renderAt, resetAll, type FakeShell } from '../testing/render';

jest.mock('../services/profile.service');
const service = jest.mocked(profileService);

let shell: FakeShell;

beforeEach(() => {
  shell = installFakeShell();
  service.fetchDetail.mockResolvedValue(aUser());
});

afterEach(() => {
  resetAll();
  jest.resetAllMocks();
  jest.useRealTimers();
});

async function openForm(): Promise<{ nickname: HTMLInputElement; userId: HTMLInputElement }> {
  renderAt('/account/edit');
  const nickname = (await screen.findByRole('textbox', { name: 'Nickname' })) as HTMLInputElement;
  const userId = screen.getByRole('textbox', { name: 'User ID' }) as HTMLInputElement;
  return { nickname, userId };
}

/** The text of every element an input's aria-describedby names. */
function description(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

describe('edit profile: nickname', () => {
  it('counts characters against 30 and refuses a one-character nickname, with the error tied to the field', async () => {
    const { nickname } = await openForm();
    expect(nickname.value).toBe('Mira');
    expect(screen.getByText('4/30')).toBeTruthy();

    fireEvent.change(nickname, { target: { value: 'M' } });
    expect(screen.getByText('1/30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(nickname.getAttribute('aria-invalid')).toBe('true');
    expect(description(nickname)).toContain('Nickname must be 2-30 characters');
    expect(service.saveProfile).not.toHaveBeenCalled();
  });

  it('counts emoji as one character each and marks the counter over the limit', async () => {
    const { nickname } = await openForm();
    fireEvent.change(nickname, { target: { value: '🙂'.repeat(31) } });
    const counter = screen.getByText('31/30');
    expect(counter.className).toContain('ui-field__count--over');
  });
});

describe('edit profile: User ID', () => {
  it('shows the rules inline at once for a bad value, without asking the server', async () => {
    jest.useFakeTimers();
    const { userId } = await openForm();
    expect(description(userId)).toContain('4-16 characters: letters, digits and underscores, not only digits.');

    fireEvent.change(userId, { target: { value: 'ab' } });
    expect(description(userId)).toContain('User ID must be 4-16 characters');
    fireEvent.change(userId, { target: { value: 'bad-name' } });
    expect(description(userId)).toContain('User ID may contain only letters, digits and underscores');
    fireEvent.change(userId, { target: { value: '12345' } });
    expect(description(userId)).toContain('User ID cannot be only digits');
    expect(userId.getAttribute('aria-invalid')).toBe('true');
    act(() => jest.advanceTimersByTime(USERNAME_CHECK_DELAY_MS * 2));
    expect(service.checkUserName).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks availability once typing pauses, and says when the User ID is taken', async () => {
    jest.useFakeTimers();
    service.checkUserName.mockResolvedValue({ available: false, reason: 'taken', message: 'Username taken' });
    const { userId } = await openForm();

    for (const value of ['noor', 'noor_', 'noor_r']) fireEvent.change(userId, { target: { value } });
    expect(screen.getByText('Checking…')).toBeTruthy();
    act(() => jest.advanceTimersByTime(USERNAME_CHECK_DELAY_MS - 1));
    expect(service.checkUserName).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(service.checkUserName).toHaveBeenCalledTimes(1);
    expect(service.checkUserName.mock.calls[0]?.[0]).toBe('noor_r');
    expect(description(userId)).toContain('Username taken');
    expect(userId.getAttribute('aria-invalid')).toBe('true');
  });

  it('says an available User ID is available, and going back to your own needs no check', async () => {
    jest.useFakeTimers();
    service.checkUserName.mockResolvedValue({ available: true });
    const { userId } = await openForm();
    fireEvent.change(userId, { target: { value: 'noor_reads' } });
    await act(async () => {
      jest.advanceTimersByTime(USERNAME_CHECK_DELAY_MS);
    });
    expect(screen.getByRole('status').textContent).toBe('User ID is available');

    fireEvent.change(userId, { target: { value: 'mira_writes' } });
    expect(screen.queryByText('User ID is available')).toBeNull();
    expect(service.checkUserName).toHaveBeenCalledTimes(1);
  });
});

describe('edit profile: saving', () => {
  it('sends only what changed, shows the success toast, updates the session and returns to the profile', async () => {
    sessionStore.getState().setUser({ uid: '100001', biz_uid: 'b', user_nick: 'Mira', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
    service.checkUserName.mockResolvedValue({ available: true });
    service.saveProfile.mockResolvedValue(aUser({ nickname: 'Mira Lune', user_nick: 'Mira Lune', username: 'mira_lune' }));
    const { nickname, userId } = await openForm();

    fireEvent.change(nickname, { target: { value: '  Mira Lune ' } });
    fireEvent.change(userId, { target: { value: 'mira_lune' } });
    await waitFor(() => expect(screen.getByText('User ID is available')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account'));
    expect(service.saveProfile).toHaveBeenCalledWith({ nickname: 'Mira Lune', username: 'mira_lune' });
    expect(shell.toast).toHaveBeenCalledWith({ type: 'success', message: 'Saved successfully' });
    expect(sessionStore.getState().user).toMatchObject({ user_nick: 'Mira Lune', username: 'mira_lune' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Mira Lune' })).toBeTruthy();
    expect(screen.getByText('User ID: @mira_lune')).toBeTruthy();
  });

  it("puts the server's refusal beside the field it is about", async () => {
    service.checkUserName.mockResolvedValue({ available: true });
    service.saveProfile.mockRejectedValue(new ApiError(ErrorCode.UsernameDuplicate, 'Username taken'));
    const { userId } = await openForm();
    fireEvent.change(userId, { target: { value: 'taken_now' } });
    await waitFor(() => expect(screen.getByText('User ID is available')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(description(userId)).toContain('Username taken'));
    expect(userId.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/account/edit');
    expect(shell.toast).not.toHaveBeenCalled();
  });

  it('shows a form-wide error for a failure that is not about one field', async () => {
    service.saveProfile.mockRejectedValue(new ApiError(ErrorCode.UserUpdateNotEnabled));
    const { nickname } = await openForm();
    fireEvent.change(nickname, { target: { value: 'Mira L' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Profile editing is not available now');
  });
});

describe('edit profile: avatar', () => {
  function choosePicture(): void {
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Choose an avatar picture'), { target: { files: [file] } });
  }

  it('uploads the chosen picture, previews it, and saves its id on the profile', async () => {
    service.uploadAvatar.mockResolvedValue({ id: 'abcdefabcdefabcdefabcdef', url: '/api/media/abcdefabcdefabcdefabcdef', width: 256, height: 256, mime: 'image/png' });
    service.saveProfile.mockResolvedValue(aUser({ avatar: 'abcdefabcdefabcdefabcdef' }));
    await openForm();
    choosePicture();

    expect(await screen.findByText('New picture ready: save to use it.')).toBeTruthy();
    expect(service.uploadAvatar.mock.calls[0]?.[0].name).toBe('me.png');
    expect(screen.getByRole('img', { name: 'Mira' }).getAttribute('src')).toBe('/api/media/abcdefabcdefabcdefabcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(service.saveProfile).toHaveBeenCalledWith({ avatar: 'abcdefabcdefabcdefabcdef' }));
  });

  it("shows the upload refusal (the spec's message) tied to the Change avatar button", async () => {
    service.uploadAvatar.mockRejectedValue(
      new ApiError(ErrorCode.AvatarFormatError, 'Upload failed: unsupported aspect ratio. The picture must be square (1:1, within 10%)'),
    );
    await openForm();
    choosePicture();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messageForCode(ErrorCode.AvatarFormatError));
    expect(description(screen.getByRole('button', { name: 'Change avatar' }))).toContain(messageForCode(ErrorCode.AvatarFormatError));
  });
});
