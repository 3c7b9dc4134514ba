import type { SettingsState } from './store';

export const selectSettingsStatus = (s: SettingsState) => s.status;
export const selectSettings = (s: SettingsState) => s.settings;
export const selectPending = (s: SettingsState) => s.pending;
export const selectUpdateError = (s: SettingsState) => s.updateError;
export const selectYouthMode = (s: SettingsState) => s.youthMode;
export const selectLogout = (s: SettingsState) => s.logoutState;
export const selectDeletion = (s: SettingsState) => s.deletion;
