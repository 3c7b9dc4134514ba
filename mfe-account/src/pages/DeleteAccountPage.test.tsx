import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, ErrorCode, sessionStore, TeenMode } from 'shared-kit';
import { changeLanguage } from 'ui-kit';
import * as settingsService from '../services/settings.service';
import { installAccountPage, renderAt, resetAll, type FakeShell } from '../testing/render';

jest.mock('../services/profile.service');
jest.mock('../services/settings.service');
const settings = jest.mocked(settingsService);

let shell: FakeShell;
beforeEach(() => {
  shell = installAccountPage();
  settings.checkLogOff.mockResolvedValue({
    uid: '100001',
    items: [
      { name: 'sessions', count: 2 },
      { name: 'stories', count: 5 },
      { name: 'templates', count: 1 },
    ],
    notice: 'Your profile, sign-in sessions, block list and all your content are deleted permanently.',
  });
  sessionStore.getState().setUser({ uid: '100001', biz_uid: 'b', user_nick: 'Mira', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

function deleteButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
}

describe('delete account', () => {
  it('lists what is deleted with the counts from check_log_off', async () => {
    renderAt('/account/delete');
    expect(await screen.findByText('Signed-in sessions')).toBeTruthy();
    expect(screen.getByText('Stories').nextSibling?.textContent).toBe('5');
    expect(screen.getByText('Templates').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('Your stories and characters, drafts and published')).toBeTruthy();
    expect(screen.getByText('Every signed-in session, on all devices')).toBeTruthy();
  });

  it('names every counted kind in Chinese for a Chinese user (templates too)', async () => {
    await changeLanguage('zh-CN');
    try {
      renderAt('/account/delete');
      expect(await screen.findByText('登录会话')).toBeTruthy();
      expect(screen.getByText('故事').nextSibling?.textContent).toBe('5');
      expect(screen.getByText('模板').nextSibling?.textContent).toBe('1');
    } finally {
      await changeLanguage('en');
    }
  });

  it('needs the confirmation word, then deletes, clears the session and goes home', async () => {
    settings.logOff.mockResolvedValue({ deleted: true });
    renderAt('/account/delete');
    const input = await screen.findByRole('textbox', { name: 'Type DELETE to confirm' });
    await screen.findByText('Stories');
    expect(deleteButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'delete' } });
    expect(deleteButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'DELETE' } });
    expect(deleteButton().disabled).toBe(false);

    fireEvent.click(deleteButton());
    await waitFor(() => expect(shell.navigate).toHaveBeenCalledWith('/'));
    expect(settings.logOff).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState()).toMatchObject({ status: 'guest', user: null });
    expect(shell.toast).toHaveBeenCalledWith({ type: 'success', message: 'Your account was deleted' });
  });

  it('keeps the account and shows the reason when deletion fails', async () => {
    settings.logOff.mockRejectedValue(new ApiError(ErrorCode.SystemError));
    renderAt('/account/delete');
    const input = await screen.findByRole('textbox', { name: 'Type DELETE to confirm' });
    await screen.findByText('Stories');
    fireEvent.change(input, { target: { value: 'DELETE' } });
    fireEvent.click(deleteButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Deletion failed: Server error');
    expect(input.getAttribute('aria-describedby')).toContain((await screen.findByRole('alert')).id);
    expect(sessionStore.getState().status).toBe('user');
    expect(shell.navigate).not.toHaveBeenCalled();
  });
});
