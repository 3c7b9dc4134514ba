import { createStore } from 'zustand/vanilla';
import type { LeaveGuardRegistration } from '../shell-global/types';

export type { LeaveGuardRegistration };

export interface LeaveGuardState {
  registrations: ReadonlyMap<string, LeaveGuardRegistration>;
  /** Adds or replaces a registration; returns the matching unregister call. */
  register: (registration: LeaveGuardRegistration) => () => void;
  unregister: (id: string) => void;
  /** Registrations whose editor currently has unsaved changes. */
  dirty: () => LeaveGuardRegistration[];
  reset: () => void;
}

function isDirtySafely(registration: LeaveGuardRegistration): boolean {
  // A faulty editor callback must not make every link in the app dead; treat it as clean and say why.
  try {
    return registration.isDirty() === true;
  } catch (error) {
    console.error(`leave guard "${registration.id}": isDirty failed`, error);
    return false;
  }
}

export const leaveGuardStore = createStore<LeaveGuardState>()((set, get) => ({
  registrations: new Map(),
  register: (registration) => {
    if (!registration || typeof registration.id !== 'string' || registration.id === '') {
      throw new TypeError('leaveGuard.register needs a non-empty string id');
    }
    if (typeof registration.isDirty !== 'function' || typeof registration.onConfirm !== 'function') {
      throw new TypeError(`leaveGuard.register("${registration.id}") needs isDirty and onConfirm functions`);
    }
    const next = new Map(get().registrations);
    next.set(registration.id, registration);
    set({ registrations: next });
    return () => {
      // Only remove our own entry: a remounted editor may already have replaced it under the same id.
      if (get().registrations.get(registration.id) === registration) get().unregister(registration.id);
    };
  },
  unregister: (id) => {
    if (!get().registrations.has(id)) return;
    const next = new Map(get().registrations);
    next.delete(id);
    set({ registrations: next });
  },
  dirty: () => [...get().registrations.values()].filter(isDirtySafely),
  reset: () => set({ registrations: new Map() }),
}));

/** The part of the store remotes reach through `window.__SHELL__.leaveGuard`. */
export const leaveGuard = {
  register: (registration: LeaveGuardRegistration) => leaveGuardStore.getState().register(registration),
  unregister: (id: string) => leaveGuardStore.getState().unregister(id),
};
