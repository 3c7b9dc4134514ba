import { createStore } from 'zustand/vanilla';
import { TOAST } from '../constants';
import { bindHook } from './bind';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

export interface ToastInput {
  type: ToastType;
  message: string;
}

export interface Toast extends ToastInput {
  id: number;
  shownAt: number;
}

export interface ToastState {
  current: Toast | null;
  /**
   * Shows a toast unless one was shown less than TOAST.throttleMs ago (spec: one per 4 s, so a burst of failing
   * requests produces one message). Returns whether it was shown. Each toast hides after TOAST.durationMs.
   */
  show: (toast: ToastInput) => boolean;
  dismiss: () => void;
}

let lastShownAt = Number.NEGATIVE_INFINITY;
let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

function clearHideTimer(): void {
  if (hideTimer !== undefined) clearTimeout(hideTimer);
  hideTimer = undefined;
}

export const toastStore = createStore<ToastState>()((set) => ({
  current: null,
  show: ({ type, message }) => {
    const now = Date.now();
    if (now - lastShownAt < TOAST.throttleMs) return false;
    if (typeof message !== 'string' || message.trim() === '') return false;
    lastShownAt = now;
    clearHideTimer();
    const toast: Toast = { id: nextId++, type, message, shownAt: now };
    set({ current: toast });
    hideTimer = setTimeout(() => {
      hideTimer = undefined;
      // Only hide the toast this timer belongs to.
      if (toastStore.getState().current?.id === toast.id) set({ current: null });
    }, TOAST.durationMs);
    return true;
  },
  dismiss: () => {
    clearHideTimer();
    set({ current: null });
  },
}));

export const useToastStore = bindHook(toastStore);

export function resetToastStore(): void {
  clearHideTimer();
  lastShownAt = Number.NEGATIVE_INFINITY;
  toastStore.setState({ current: null });
}
