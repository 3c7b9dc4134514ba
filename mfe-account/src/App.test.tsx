import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError, ErrorCode, StorageKey, storage } from 'shared-kit';
import { changeLanguage, messageForCode } from 'ui-kit';
import * as profileService from './services/profile.service';
import { aUser, installFakeShell, needLogin, renderAt, resetAll } from './testing/render';

jest.mock('./services/profile.service');
const service = jest.mocked(profileService);

afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

describe('mfe-account App', () => {
  it('shows a signed-out visitor a Log in prompt that remembers the page', async () => {
    const shell = installFakeShell();
    service.fetchDetail.mockRejectedValue(needLogin());
    window.history.replaceState(null, '', '/account/settings?tab=privacy');
    const { container } = renderAt('/account/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(storage.get(StorageKey.LoginRedirect)).toBe('/account/settings?tab=privacy');
    expect(shell.navigate).toHaveBeenCalledWith('/login');
    expect(container.querySelector('[data-remote="mfe_account"]')).not.toBeNull();
  });

  it('treats a guest session (identity Tour) as signed out', async () => {
    service.fetchDetail.mockResolvedValue(aUser({ identity: 'Tour' }));
    renderAt('/account');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('shows the profile: avatar, nickname, User ID, follower and following counts, Edit profile', async () => {
    service.fetchDetail.mockResolvedValue(aUser({ avatar: '0123456789abcdef01234567', follower_count: 12345 }));
    renderAt('/account');

    expect(await screen.findByRole('heading', { level: 2, name: 'Mira' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.getByText('User ID: @mira_writes')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mira' }).getAttribute('src')).toBe('/api/media/0123456789abcdef01234567');
    expect(screen.getByText('Followers').nextSibling?.textContent).toBe('12.3K');
    expect(screen.getByText('Following').nextSibling?.textContent).toBe('3');
    fireEvent.click(screen.getByRole('link', { name: 'Edit profile' }));
    expect(screen.getByTestId('location').textContent).toBe('/account/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit profile' })).toBeTruthy();
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    service.fetchDetail.mockRejectedValueOnce(new Error('socket hang up')).mockResolvedValueOnce(aUser());
    renderAt('/account');
    expect((await screen.findByRole('alert')).textContent).toBe('Network error, try again later');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Mira' })).toBeTruthy();
  });

  it('answers an unknown account path with a way back', async () => {
    service.fetchDetail.mockResolvedValue(aUser());
    renderAt('/account/nope');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to your account' }));
    expect(screen.getByTestId('location').textContent).toBe('/account');
    expect(await screen.findByRole('heading', { level: 2, name: 'Mira' })).toBeTruthy();
  });

  it('speaks Simplified Chinese when that is the language, the profile as written', async () => {
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    try {
      service.fetchDetail.mockResolvedValue(aUser({ follower_count: 12345 }));
      renderAt('/account');
      expect(await screen.findByRole('heading', { level: 1, name: '账号' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: 'Mira' })).toBeTruthy();
      expect(screen.getByText('用户 ID：@mira_writes')).toBeTruthy();
      expect(screen.getByText('粉丝').nextSibling?.textContent).toBe('1.2万');
      expect(screen.getByRole('link', { name: '编辑资料' })).toBeTruthy();
    } finally {
      await act(async () => {
        await changeLanguage('en');
      });
    }
  });

  it("shows the client's own message for an error code of the catalogue, in the UI language", async () => {
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    try {
      service.fetchDetail.mockRejectedValue(new ApiError(ErrorCode.SystemError, 'Server error'));
      renderAt('/account');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(messageForCode(ErrorCode.SystemError));
      expect(alert.textContent).not.toBe('Server error');
      expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    } finally {
      await act(async () => {
        await changeLanguage('en');
      });
    }
  });

  it("falls back to the server's message for a code the client has no words for", async () => {
    service.fetchDetail.mockRejectedValue(new ApiError(987654, 'Something the client has not heard of'));
    renderAt('/account');
    expect((await screen.findByRole('alert')).textContent).toBe('Something the client has not heard of');
  });
});
