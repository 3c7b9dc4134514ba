import { create } from 'zustand';
import { TeenMode, sessionStore } from 'shared-kit';
import type { AccountSettings, LogOffCheck, NotificationSettings } from '../../api/types';
import { errorText } from '../../lib/errors';
import * as settingsService from '../../services/settings.service';
import { useProfileStore } from '../profile/store';

export type Status = 'idle' | 'loading' | 'ready' | 'error';
export type ActionStatus = 'idle' | 'busy' | 'done' | 'error';

export interface SettingsState {
  status: Status;
  settings: AccountSettings | null;
  loadError: string | null;
  /** Field being saved, so only its control shows busy. */
  pending: string | null;
  updateError: string | null;
  youthMode: { status: ActionStatus; error: string | null };
  logoutState: { status: ActionStatus; error: string | null };
  deletion: { check: LogOffCheck | null; status: Status | 'deleting' | 'deleted'; error: string | null };
  load: () => Promise<void>;
  setNotification: (key: keyof NotificationSettings, value: boolean) => Promise<void>;
  setDataSharing: (value: boolean) => Promise<void>;
  setLanguage: (language: string) => Promise<void>;
  setYouthMode: (enable: boolean) => Promise<boolean>;
  logout: () => Promise<boolean>;
  loadDeletionCheck: () => Promise<void>;
  deleteAccount: () => Promise<boolean>;
}

const initial = {
  status: 'idle' as Status,
  settings: null,
  loadError: null,
  pending: null,
  updateError: null,
  youthMode: { status: 'idle' as ActionStatus, error: null },
  logoutState: { status: 'idle' as ActionStatus, error: null },
  deletion: { check: null, status: 'idle' as Status, error: null },
};

export const useSettingsStore = create<SettingsState>()((set, get) => {
  /** Optimistic: the control moves at once and moves back if the server refuses. */
  async function update(field: string, next: AccountSettings, patch: Parameters<typeof settingsService.updateSettings>[0]) {
    const before = get().settings;
    set({ settings: next, pending: field, updateError: null });
    try {
      const saved = await settingsService.updateSettings(patch);
      set({ settings: saved, pending: null });
    } catch (error) {
      set({ settings: before, pending: null, updateError: errorText(error) });
    }
  }

  return {
    ...initial,

    load: async () => {
      set({ status: 'loading', loadError: null });
      try {
        set({ status: 'ready', settings: await settingsService.fetchSettings() });
      } catch (error) {
        set({ status: 'error', loadError: errorText(error) });
      }
    },

    setNotification: async (key, value) => {
      const s = get().settings;
      if (!s) return;
      await update(`notifications.${key}`, { ...s, notifications: { ...s.notifications, [key]: value } }, { notifications: { [key]: value } });
    },

    setDataSharing: async (value) => {
      const s = get().settings;
      if (!s) return;
      await update('third_party_data_sharing', { ...s, third_party_data_sharing: value }, { third_party_data_sharing: value });
    },

    setLanguage: async (language) => {
      const s = get().settings;
      if (!s) return;
      await update('language', { ...s, language }, { language });
    },

    setYouthMode: async (enable) => {
      set({ youthMode: { status: 'busy', error: null } });
      try {
        const { teen_mode } = await settingsService.setTeenMode(enable);
        const mode = teen_mode === TeenMode.Enable ? TeenMode.Enable : TeenMode.Disable;
        useProfileStore.getState().patchUser({ teen_mode: mode });
        const session = sessionStore.getState();
        if (session.user) session.setUser({ ...session.user, teen_mode: mode });
        set({ youthMode: { status: 'done', error: null } });
        return true;
      } catch (error) {
        set({ youthMode: { status: 'error', error: errorText(error) } });
        return false;
      }
    },

    logout: async () => {
      set({ logoutState: { status: 'busy', error: null } });
      try {
        await settingsService.logout();
      } catch (error) {
        set({ logoutState: { status: 'error', error: errorText(error) } });
        return false;
      }
      sessionStore.getState().clear();
      useProfileStore.getState().markSignedOut();
      set({ ...initial, logoutState: { status: 'done', error: null } });
      return true;
    },

    loadDeletionCheck: async () => {
      set({ deletion: { check: null, status: 'loading', error: null } });
      try {
        set({ deletion: { check: await settingsService.checkLogOff(), status: 'ready', error: null } });
      } catch (error) {
        set({ deletion: { check: null, status: 'error', error: errorText(error) } });
      }
    },

    deleteAccount: async () => {
      const check = get().deletion.check;
      set({ deletion: { check, status: 'deleting', error: null } });
      try {
        await settingsService.logOff();
      } catch (error) {
        set({ deletion: { check, status: 'ready', error: errorText(error) } });
        return false;
      }
      // The server revoked every session; the shell's header and every remote follow the shared session store.
      sessionStore.getState().clear();
      useProfileStore.getState().markSignedOut();
      set({ ...initial, deletion: { check: null, status: 'deleted', error: null } });
      return true;
    },
  };
});

export function resetSettingsStore(): void {
  useSettingsStore.setState({ ...initial });
}
