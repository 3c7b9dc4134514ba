import { avatarSrc } from '../../lib/avatar';
import type { ProfileState } from './store';

export const selectStatus = (s: ProfileState) => s.status;
export const selectUser = (s: ProfileState) => s.user;
export const selectLoadError = (s: ProfileState) => s.loadError;
export const selectUsernameCheck = (s: ProfileState) => s.usernameCheck;
export const selectAvatarUpload = (s: ProfileState) => s.avatar;
export const selectSave = (s: ProfileState) => s.save;
export const selectTeenMode = (s: ProfileState) => s.user?.teen_mode;

/** The picture to show for the signed-in user, or null for the placeholder. */
export const selectAvatarSrc = (s: ProfileState): string | null => avatarSrc(s.user?.avatar);

/** A save is possible when nothing is in flight and no known problem blocks it. */
export const selectCanSave = (s: ProfileState): boolean =>
  s.save.status !== 'saving' &&
  s.avatar.status !== 'uploading' &&
  !['invalid', 'taken', 'checking'].includes(s.usernameCheck.state);
