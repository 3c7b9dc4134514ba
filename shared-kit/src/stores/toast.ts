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
   * Shows a toast, at most one per TOAST.throttleMs (spec: one per 4 s). A toast asked for sooner waits for the end
   * of that window instead of being lost ("Published successfully" right after "Saved successfully"); of several
   * waiting, the latest is shown, and one repeating the message just shown is dropped (a burst of failing requests
   * still produces one message). Returns whether it is shown, now or when its turn comes. Each toast hides after
   * TOAST.durationMs.
   */
  show: (toast: ToastInput) => boolean;
  dismiss: () => void;
}

let lastShownAt = Number.NEGATIVE_INFINITY;
let lastMessage = '';
let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
/** The toast waiting for the end of the current window, and the timer that shows it then. */
let waiting: ToastInput | null = null;
let waitTimer: ReturnType<typeof setTimeout> | undefined;

function clearHideTimer(): void {
  if (hideTimer !== undefined) clearTimeout(hideTimer);
  hideTimer = undefined;
}

function clearWaiting(): void {
  if (waitTimer !== undefined) clearTimeout(waitTimer);
  waitTimer = undefined;
  waiting = null;
}

export const toastStore = createStore<ToastState>()((set) => {
  const display = ({ type, message }: ToastInput): void => {
    const now = Date.now();
    lastShownAt = now;
    lastMessage = message;
    clearHideTimer();
    const toast: Toast = { id: nextId++, type, message, shownAt: now };
    set({ current: toast });
    hideTimer = setTimeout(() => {
      hideTimer = undefined;
      // Only hide the toast this timer belongs to.
      if (toastStore.getState().current?.id === toast.id) set({ current: null });
    }, TOAST.durationMs);
  };
  return {
    current: null,
    show: (input) => {
      if (typeof input.message !== 'string' || input.message.trim() === '') return false;
      const wait = lastShownAt + TOAST.throttleMs - Date.now();
      if (wait <= 0) {
        clearWaiting();
        display(input);
        return true;
      }
      if (input.message === lastMessage) return false;
      waiting = { type: input.type, message: input.message };
      waitTimer ??= setTimeout(() => {
        const next = waiting;
        waitTimer = undefined;
        waiting = null;
        if (next) display(next);
      }, wait);
      return true;
    },
    dismiss: () => {
      clearHideTimer();
      set({ current: null });
    },
  };
});

export const useToastStore = bindHook(toastStore);

export function resetToastStore(): void {
  clearHideTimer();
  clearWaiting();
  lastShownAt = Number.NEGATIVE_INFINITY;
  lastMessage = '';
  toastStore.setState({ current: null });
}
