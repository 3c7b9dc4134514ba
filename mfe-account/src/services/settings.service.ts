import { unwrap, type Envelope, type LogOffRequest, type LogoutQuery, type TeenModeRequest } from 'shared-kit';
import { apiClient } from '../api/client';
import type { AccountSettings, LogOffCheck, SettingsPatch } from '../api/types';

export function fetchSettings(): Promise<AccountSettings> {
  return unwrap(apiClient.get<Envelope<AccountSettings>>('/tyler/user/settings/get', { silent: true }));
}

export function updateSettings(patch: SettingsPatch): Promise<AccountSettings> {
  return unwrap(apiClient.post<Envelope<AccountSettings>>('/tyler/user/settings/update', patch));
}

export function setTeenMode(enable: boolean): Promise<{ teen_mode: number }> {
  return unwrap(apiClient.post<Envelope<{ teen_mode: number }>>('/tyler/user/teen_mode', { enable } satisfies TeenModeRequest));
}

/** Ends this session (spec: logout with next '/' and need_redirect 0). */
export async function logout(): Promise<void> {
  await unwrap(apiClient.post<Envelope<unknown>>('/passport/logout', {}, { params: { next: '/', need_redirect: '0' } satisfies LogoutQuery }));
}

export function checkLogOff(): Promise<LogOffCheck> {
  return unwrap(apiClient.get<Envelope<LogOffCheck>>('/tyler/user/check_log_off'));
}

export function logOff(): Promise<{ deleted: boolean }> {
  return unwrap(apiClient.post<Envelope<{ deleted: boolean }>>('/tyler/user/log_off', {} satisfies LogOffRequest));
}
