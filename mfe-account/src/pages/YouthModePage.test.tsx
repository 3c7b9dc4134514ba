import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, ErrorCode, TeenMode } from 'shared-kit';
import * as profileService from '../services/profile.service';
import * as settingsService from '../services/settings.service';
import { aUser, installFakeShell, isOn, renderAt, resetAll } from '../testing/render';

jest.mock('../services/profile.service');
jest.mock('../services/settings.service');
const profile = jest.mocked(profileService);
const settings = jest.mocked(settingsService);

beforeEach(() => {
  installFakeShell();
  profile.fetchDetail.mockResolvedValue(aUser({ teen_mode: TeenMode.Disable }));
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

describe('youth mode', () => {
  it('explains what it blocks and switches on and off', async () => {
    settings.setTeenMode.mockResolvedValueOnce({ teen_mode: TeenMode.Enable }).mockResolvedValueOnce({ teen_mode: TeenMode.Disable });
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
});
