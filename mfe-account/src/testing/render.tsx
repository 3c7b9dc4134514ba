import type { JSX } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError, BanStatus, ErrorCode, TeenMode, UserGender, UserIdentity, UserStatus, resetStores } from 'shared-kit';
import { userDetailSchema } from 'shared-kit/schemas';
import { i18n } from 'ui-kit';
import App from '../App';
import type { UserDetail } from '../api/types';
import { ACCOUNT_NS } from '../i18n';
import * as profileService from '../services/profile.service';
import { resetAccountStores } from '../stores';

// The profile asks for the membership badge; pages' tests answer "not a member" instead of a network call.
jest.mock('../services/membership.service', () => ({
  ...jest.requireActual<object>('../services/membership.service'),
  fetchMembership: () => Promise.resolve({ is_vip: false }),
}));

/** Where the router is, rendered so tests can assert on navigation. */
function LocationProbe(): JSX.Element {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

// The account's catalogue is fetched on first use in the browser; tests load it up front so a render shows copy at once.
beforeAll(async () => {
  await i18n.loadNamespaces(ACCOUNT_NS);
});

/** Whether a switch (the kit's, a button with the switch role) is on. */
export function isOn(element: HTMLElement): boolean {
  return element.getAttribute('aria-checked') === 'true';
}

/** The remote as the shell mounts it: under `/account/*` of the host's router. */
export function renderAt(path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/*" element={<App />} />
        <Route path="*" element={<p>Outside the account area</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** A user as `user/detail` answers, built through the contract the api is tested against. */
export function aUser(overrides: Partial<UserDetail> = {}): UserDetail {
  return userDetailSchema.parse({
    uid: '100001',
    biz_uid: 'b100001',
    user_nick: 'Mira',
    nickname: 'Mira',
    username: 'mira_writes',
    avatar: '',
    gender: UserGender.Default,
    identity: UserIdentity.User,
    status: UserStatus.Normal,
    teen_mode: TeenMode.Disable,
    is_adult: true,
    agreed_terms: true,
    need_confirm: false,
    phone: '+1******0101',
    ban: { status: BanStatus.Normal, login_until: null, creation_until: null },
    guest_turns: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    roles: ['user'],
    follower_count: 12,
    following_count: 3,
    ...overrides,
  });
}

export const needLogin = (): ApiError => new ApiError(ErrorCode.NeedLogin);

export interface FakeShell {
  toast: jest.Mock;
  navigate: jest.Mock;
  reactToApiError: jest.Mock;
}

/** A stand-in for the shell's `window.__SHELL__`, recording what the remote asked of it. */
export function installFakeShell(): FakeShell {
  const shell = { version: 1, toast: jest.fn(() => true), navigate: jest.fn(), reactToApiError: jest.fn(() => false) };
  (window as unknown as { __SHELL__?: unknown }).__SHELL__ = shell;
  return shell;
}

/** An account page's start in a test: the fake shell and the signed-in user's profile (the test file mocks the profile service). */
export function installAccountPage(): FakeShell {
  const shell = installFakeShell();
  jest.mocked(profileService).fetchDetail.mockResolvedValue(aUser());
  return shell;
}

export function resetAll(): void {
  resetAccountStores();
  resetStores();
  localStorage.clear();
  delete (window as unknown as { __SHELL__?: unknown }).__SHELL__;
}
