import { ENV_HEADER_NAMES } from './constants';

/** One prefix for every key the product writes, so its data is easy to find and clear. */
export const STORAGE_PREFIX = 'sv:';

export const StorageKey = {
  ProceedLoginStep: `${STORAGE_PREFIX}proceed_login_step`,
  DebugFlag: `${STORAGE_PREFIX}debug`,
  Theme: `${STORAGE_PREFIX}theme`,
  Language: `${STORAGE_PREFIX}language`,
  EnvHeaders: `${STORAGE_PREFIX}env_headers`,
  LoginRedirect: `${STORAGE_PREFIX}login_redirect`,
  TimeSpent: `${STORAGE_PREFIX}time_spent`,
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

function backend(): Storage | null {
  try {
    // Reading the property itself throws in some browsers when storage is disabled (e.g. blocked cookies).
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

/** localStorage that never throws: private modes, quota errors and server rendering all degrade to "no value". */
export const storage = {
  get(key: string): string | null {
    try {
      return backend()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  /** Returns false when the value could not be stored. */
  set(key: string, value: string): boolean {
    try {
      const s = backend();
      if (!s) return false;
      s.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key: string): void {
    try {
      backend()?.removeItem(key);
    } catch {
      // Nothing to do: a storage that cannot be written holds nothing of ours.
    }
  },
  /** Parsed JSON, or undefined when missing or not valid JSON. */
  getJSON(key: string): unknown {
    const raw = storage.get(key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  },
  setJSON(key: string, value: unknown): boolean {
    try {
      return storage.set(key, JSON.stringify(value));
    } catch {
      return false;
    }
  },
};

/** Debug mode is on when the debug flag holds exactly '1'. */
export function isDebug(): boolean {
  return storage.get(StorageKey.DebugFlag) === '1';
}

/**
 * The test-environment headers (x-use-ppe, x-tt-env) stored as a JSON object; only those names and string values
 * are taken, so a tampered value cannot inject other headers.
 */
export function envHeaders(): Record<string, string> {
  const value = storage.getJSON(StorageKey.EnvHeaders);
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const name of ENV_HEADER_NAMES) {
    const v = (value as Record<string, unknown>)[name];
    if (typeof v === 'string' && v.length > 0) out[name] = v;
  }
  return out;
}
