import { create } from 'zustand';
import { LIMITS, UserIdentity, isValidUsername, sessionStore } from 'shared-kit';
import type { ProfileEdit, UserDetail } from '../../api/types';
import { accountText } from '../../i18n';
import { errorText, fieldOfError, isNeedLogin, type ProfileField } from '../../lib/errors';
import * as profileService from '../../services/profile.service';

/** Typing pauses this long before the User ID is checked with the server. */
export const USERNAME_CHECK_DELAY_MS = 400;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'signed-out' | 'error';
export type UsernameCheckState = 'idle' | 'invalid' | 'checking' | 'available' | 'taken' | 'error';

export interface UsernameCheck {
  value: string;
  state: UsernameCheckState;
  message: string | null;
}

export interface AvatarUpload {
  status: 'idle' | 'uploading' | 'done' | 'error';
  /** What to show while and after uploading: a local preview, then the stored picture. */
  preview: string | null;
  /** The stored picture's id, saved on the profile with the rest of the form. */
  mediaId: string | null;
  error: string | null;
}

export interface SaveState {
  status: 'idle' | 'saving' | 'saved' | 'error';
  error: string | null;
  field: ProfileField | null;
}

export interface ProfileState {
  status: LoadStatus;
  user: UserDetail | null;
  loadError: string | null;
  usernameCheck: UsernameCheck;
  avatar: AvatarUpload;
  save: SaveState;
  load: () => Promise<void>;
  /** Updates fields of the loaded user (youth mode changes elsewhere). */
  patchUser: (patch: Partial<UserDetail>) => void;
  markSignedOut: () => void;
  /** Schedules a debounced availability check; rules the client can tell are answered at once. */
  checkUsername: (value: string) => void;
  uploadAvatar: (file: File) => Promise<void>;
  /** Sends only the fields that changed; true on success. */
  saveProfile: (edit: Required<Pick<ProfileEdit, 'nickname' | 'username'>>) => Promise<boolean>;
  resetForm: () => void;
}

const idleCheck: UsernameCheck = { value: '', state: 'idle', message: null };
const idleAvatar: AvatarUpload = { status: 'idle', preview: null, mediaId: null, error: null };
const idleSave: SaveState = { status: 'idle', error: null, field: null };

let checkTimer: ReturnType<typeof setTimeout> | undefined;
let checkAbort: AbortController | undefined;

function cancelCheck(): void {
  if (checkTimer !== undefined) clearTimeout(checkTimer);
  checkTimer = undefined;
  checkAbort?.abort();
  checkAbort = undefined;
}

/** The spec's User ID rules in words, for the inline hint and errors the client can tell on its own. */
export function usernameRuleProblem(value: string): string | null {
  if (value.length < LIMITS.usernameMin || value.length > LIMITS.usernameMax) {
    return accountText('edit.userIdLength', { min: LIMITS.usernameMin, max: LIMITS.usernameMax });
  }
  if (!/^[A-Za-z0-9_]+$/.test(value)) return accountText('edit.userIdCharacters');
  if (!isValidUsername(value)) return accountText('edit.userIdDigits');
  return null;
}

function syncSession(user: UserDetail): void {
  const session = sessionStore.getState();
  if (!session.user || session.user.uid !== user.uid) return;
  session.setUser({ ...session.user, user_nick: user.nickname, username: user.username, avatar: user.avatar, teen_mode: user.teen_mode });
}

function previewOf(file: File): string | null {
  // jsdom and very old browsers have no object URLs; the stored picture shows once uploaded.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

export const useProfileStore = create<ProfileState>()((set, get) => ({
  status: 'idle',
  user: null,
  loadError: null,
  usernameCheck: idleCheck,
  avatar: idleAvatar,
  save: idleSave,

  load: async () => {
    set({ status: 'loading', loadError: null });
    try {
      const user = await profileService.fetchDetail();
      // A guest session (identity Tour) has a profile record but no account to edit.
      if (user.identity !== UserIdentity.User) set({ status: 'signed-out', user: null });
      else set({ status: 'ready', user });
    } catch (error) {
      if (isNeedLogin(error)) set({ status: 'signed-out', user: null });
      else set({ status: 'error', loadError: errorText(error) });
    }
  },

  patchUser: (patch) => {
    const user = get().user;
    if (user) set({ user: { ...user, ...patch } });
  },

  markSignedOut: () => {
    cancelCheck();
    set({ status: 'signed-out', user: null, usernameCheck: idleCheck, avatar: idleAvatar, save: idleSave });
  },

  checkUsername: (value) => {
    cancelCheck();
    if (value === get().user?.username) {
      set({ usernameCheck: { value, state: 'idle', message: null } });
      return;
    }
    const problem = usernameRuleProblem(value);
    if (problem) {
      set({ usernameCheck: { value, state: 'invalid', message: problem } });
      return;
    }
    set({ usernameCheck: { value, state: 'checking', message: null } });
    checkTimer = setTimeout(() => {
      checkTimer = undefined;
      const abort = new AbortController();
      checkAbort = abort;
      profileService.checkUserName(value, abort.signal).then(
        (result) => {
          if (abort.signal.aborted || get().usernameCheck.value !== value) return;
          set({
            usernameCheck: result.available
              ? { value, state: 'available', message: accountText('edit.userIdAvailable') }
              : { value, state: result.reason === 'taken' ? 'taken' : 'invalid', message: result.message ?? accountText('edit.userIdTaken') },
          });
        },
        (error: unknown) => {
          if (abort.signal.aborted || get().usernameCheck.value !== value) return;
          set({ usernameCheck: { value, state: 'error', message: accountText('edit.userIdCheckFailed', { error: errorText(error) }) } });
        },
      );
    }, USERNAME_CHECK_DELAY_MS);
  },

  uploadAvatar: async (file) => {
    const previous = get().avatar.preview;
    if (previous?.startsWith('blob:')) URL.revokeObjectURL(previous);
    set({ avatar: { status: 'uploading', preview: previewOf(file), mediaId: null, error: null } });
    try {
      const media = await profileService.uploadAvatar(file);
      const local = get().avatar.preview;
      if (local?.startsWith('blob:')) URL.revokeObjectURL(local);
      set({ avatar: { status: 'done', preview: media.url, mediaId: media.id, error: null } });
    } catch (error) {
      set({ avatar: { status: 'error', preview: null, mediaId: null, error: errorText(error) } });
    }
  },

  saveProfile: async ({ nickname, username }) => {
    const { user, avatar } = get();
    if (!user) return false;
    const edit: ProfileEdit = {};
    if (nickname.trim() !== user.nickname) edit.nickname = nickname.trim();
    if (username !== user.username) edit.username = username;
    if (avatar.mediaId) edit.avatar = avatar.mediaId;
    set({ save: { status: 'saving', error: null, field: null } });
    try {
      const saved = Object.keys(edit).length > 0 ? await profileService.saveProfile(edit) : user;
      const next = { ...user, ...saved, follower_count: user.follower_count, following_count: user.following_count };
      set({ user: next, save: { status: 'saved', error: null, field: null }, avatar: idleAvatar, usernameCheck: idleCheck });
      syncSession(next);
      return true;
    } catch (error) {
      set({ save: { status: 'error', error: errorText(error), field: fieldOfError(error) ?? null } });
      return false;
    }
  },

  resetForm: () => {
    cancelCheck();
    set({ usernameCheck: idleCheck, avatar: idleAvatar, save: idleSave });
  },
}));

/** Back to the initial state with timers and requests cancelled; for tests. */
export function resetProfileStore(): void {
  cancelCheck();
  useProfileStore.setState({ status: 'idle', user: null, loadError: null, usernameCheck: idleCheck, avatar: idleAvatar, save: idleSave });
}
