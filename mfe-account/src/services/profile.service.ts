import { unwrap, type Envelope, type UserNameQuery } from 'shared-kit';
import { apiClient } from '../api/client';
import type { ProfileEdit, UploadedMedia, UserDetail, UserNameCheck } from '../api/types';

/** The signed-in user's profile; 1007 for a visitor. Silent: the page shows its own log-in prompt. */
export function fetchDetail(): Promise<UserDetail> {
  return unwrap(apiClient.get<Envelope<UserDetail>>('/tyler/user/detail', { silent: true }));
}

export function saveProfile(edit: ProfileEdit): Promise<UserDetail> {
  return unwrap(apiClient.post<Envelope<UserDetail>>('/tyler/user/save', edit));
}

/** Whether a User ID is free and valid; `signal` cancels a check made stale by further typing. */
export function checkUserName(userName: string, signal?: AbortSignal): Promise<UserNameCheck> {
  return unwrap(
    apiClient.get<Envelope<UserNameCheck>>('/tyler/user/check_user_name', { params: { user_name: userName } satisfies UserNameQuery, signal, silent: true }),
  );
}

/** Uploads a picture as the avatar; the server checks its content, size and shape. */
export function uploadAvatar(file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('use', 'avatar');
  form.append('file', file);
  return unwrap(apiClient.post<Envelope<UploadedMedia>>('/editor/upload', form, { silent: true }));
}
