import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, ErrorCode, TeenMode } from 'shared-kit';
import * as identityService from '../services/identity.service';
import * as profileService from '../services/profile.service';
import * as settingsService from '../services/settings.service';
import { aUser, installFakeShell, isOn, renderAt, resetAll } from '../testing/render';

jest.mock('../services/identity.service');
jest.mock('../services/profile.service');
jest.mock('../services/settings.service');
const identity = jest.mocked(identityService);
const profile = jest.mocked(profileService);
const settings = jest.mocked(settingsService);

const cert = (over: Partial<Awaited<ReturnType<typeof identityService.fetchCertification>>> = {}) => ({
  certification: 'NotCertified' as const,
  name_masked: '',
  teen_mode: TeenMode.Disable,
  teen_mode_locked: false,
  passcode_set: false,
  attempts_left: 5,
  format_check_only: true,
  region: 'CN' as const,
  ...over,
});

beforeEach(() => {
  installFakeShell();
  profile.fetchDetail.mockResolvedValue(aUser({ teen_mode: TeenMode.Disable }));
  identity.fetchCertification.mockResolvedValue(cert());
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

describe('youth mode', () => {
  it('explains what it blocks and switches on and off', async () => {
    settings.setTeenMode.mockResolvedValueOnce({ teen_mode: TeenMode.Enable }).mockResolvedValueOnce({ teen_mode: TeenMode.Disable });
    // The page reads the server's state again after each change, and follows it.
    identity.fetchCertification
      .mockResolvedValueOnce(cert())
      .mockResolvedValueOnce(cert({ teen_mode: TeenMode.Enable }))
      .mockResolvedValueOnce(cert());
    renderAt('/account/youth-mode');
    const toggle = await screen.findByRole('switch', { name: 'Youth mode' });
    expect(screen.getByText('Creating is blocked')).toBeTruthy();
    expect(screen.getByText('Commenting is blocked')).toBeTruthy();
    expect(isOn(toggle)).toBe(false);

    fireEvent.click(toggle);
    expect(settings.setTeenMode).toHaveBeenCalledWith(true);
    await waitFor(() => expect(isOn(toggle)).toBe(true));
    expect(screen.getByText('On: creating and commenting are blocked.')).toBeTruthy();

    fireEvent.click(toggle);
    expect(settings.setTeenMode).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(isOn(toggle)).toBe(false));
  });

  it('stays as it was and says why when the server refuses', async () => {
    settings.setTeenMode.mockRejectedValue(new ApiError(ErrorCode.BackendNetworkError));
    renderAt('/account/youth-mode');
    const toggle = await screen.findByRole('switch', { name: 'Youth mode' });
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe('Network error, try again later');
    expect(isOn(toggle)).toBe(false);
  });

  it('is locked on for a verified minor: the switch cannot turn it off and no passcode is offered', async () => {
    profile.fetchDetail.mockResolvedValue(aUser({ teen_mode: TeenMode.Enable }));
    identity.fetchCertification.mockResolvedValue(cert({ certification: 'NotAdult', teen_mode: TeenMode.Enable, teen_mode_locked: true }));
    renderAt('/account/youth-mode');
    expect((await screen.findByTestId('youth-locked')).textContent).toContain('cannot be turned off');
    const toggle = screen.getByRole('switch', { name: 'Youth mode' });
    expect(isOn(toggle)).toBe(true);
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('form', { name: 'Set a parental passcode' })).toBeNull();
  });

  it('with a passcode set, youth mode is turned off with it, and a wrong one says how many tries are left', async () => {
    profile.fetchDetail.mockResolvedValue(aUser({ teen_mode: TeenMode.Enable }));
    identity.fetchCertification.mockResolvedValue(cert({ teen_mode: TeenMode.Enable, passcode_set: true }));
    identity.unlockWithPasscode
      .mockRejectedValueOnce(new ApiError(ErrorCode.InvalidParam, 'passcode: incorrect', { field: 'passcode', attempts_left: 3 }))
      .mockResolvedValueOnce(cert({ passcode_set: true }));
    renderAt('/account/youth-mode');
    const field = await screen.findByLabelText('Parental passcode');
    expect(screen.getByRole('switch', { name: 'Youth mode' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: '0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off with passcode' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect passcode. 3 attempts left today.');
    fireEvent.change(field, { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off with passcode' }));
    await waitFor(() => expect(isOn(screen.getByRole('switch', { name: 'Youth mode' }))).toBe(false));
    expect(identity.unlockWithPasscode).toHaveBeenLastCalledWith('2468');
  });
});
