import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from 'ui-kit';
import { ApiError, ErrorCode, sessionStore, TeenMode } from 'shared-kit';
import type { AccountSettings } from '../api/types';
import * as settingsService from '../services/settings.service';
import { installAccountPage, isOn, renderAt, resetAll, type FakeShell } from '../testing/render';

jest.mock('../services/profile.service');
jest.mock('../services/settings.service');
const settings = jest.mocked(settingsService);

const defaults: AccountSettings = {
  notifications: { comments: true, likes: true, follows: false, system: true },
  language: 'en',
  theme: 'system',
  third_party_data_sharing: false,
};

let shell: FakeShell;

beforeEach(() => {
  shell = installAccountPage();
  settings.fetchSettings.mockResolvedValue(defaults);
  sessionStore.getState().setUser({ uid: '100001', biz_uid: 'b', user_nick: 'Mira', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
});

afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

describe('settings', () => {
  it('shows account links, language, notification and data-sharing switches, legal links and the version', async () => {
    renderAt('/account/settings');
    expect(await screen.findByRole('switch', { name: 'Comments' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    for (const name of ['Edit profile', 'Blocked users', 'Youth mode', 'Delete account', 'Community guidelines', 'Privacy policy', 'Terms of service']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    expect(isOn(screen.getByRole('switch', { name: 'New followers' }))).toBe(false);
    expect(isOn(screen.getByRole('switch', { name: 'Third-party data sharing' }))).toBe(false);
    expect((screen.getByRole('combobox', { name: 'App language' }) as HTMLSelectElement).value).toBe('en');
    expect(screen.getByText(/Version 0\.1\.0 \(10000\)/)).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Privacy policy' }));
    expect(shell.navigate).toHaveBeenCalledWith('/editor/protocol/privacy');
  });

  it('says the version in Chinese for a Chinese user', async () => {
    await changeLanguage('zh-CN');
    try {
      renderAt('/account/settings');
      expect(await screen.findByText('Storyverse · 版本 0.1.0 (10000)')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('saves a switch at once and moves it back when the server refuses', async () => {
    settings.updateSettings.mockResolvedValueOnce({ ...defaults, third_party_data_sharing: true });
    renderAt('/account/settings');
    const sharing = await screen.findByRole('switch', { name: 'Third-party data sharing' });
    fireEvent.click(sharing);
    expect(settings.updateSettings).toHaveBeenCalledWith({ third_party_data_sharing: true });
    await waitFor(() => expect(isOn(sharing)).toBe(true));

    settings.updateSettings.mockRejectedValueOnce(new ApiError(ErrorCode.BackendNetworkError));
    const likes = screen.getByRole('switch', { name: 'Likes' });
    fireEvent.click(likes);
    expect(settings.updateSettings).toHaveBeenLastCalledWith({ notifications: { likes: false } });
    expect((await screen.findByRole('alert')).textContent).toBe('Not saved: Network error, try again later');
    expect(isOn(likes)).toBe(true);
  });

  it('changes the language', async () => {
    settings.updateSettings.mockResolvedValue({ ...defaults, language: 'pt-BR' });
    renderAt('/account/settings');
    const select = (await screen.findByRole('combobox', { name: 'App language' })) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'pt-BR' } });
    expect(settings.updateSettings).toHaveBeenCalledWith({ language: 'pt-BR' });
    await waitFor(() => expect(select.value).toBe('pt-BR'));
  });

  it('asks before logging out; Not now keeps the session, Log out ends it and goes home', async () => {
    settings.logout.mockResolvedValue(undefined);
    renderAt('/account/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    let dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(settings.logout).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(shell.navigate).toHaveBeenCalledWith('/'));
    expect(sessionStore.getState().status).toBe('guest');
  });

  it('keeps the dialog open with the reason when logout fails', async () => {
    settings.logout.mockRejectedValue(new ApiError(ErrorCode.Internal, 'Server error'));
    renderAt('/account/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Logout failed: Server error');
    expect(sessionStore.getState().status).toBe('user');
  });
});
