/** @jest-environment jsdom */
import { STORAGE_PREFIX, StorageKey, envHeaders, isDebug, storage } from './storage';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('storage', () => {
  it('prefixes every key', () => {
    for (const key of Object.values(StorageKey)) expect(key.startsWith(STORAGE_PREFIX)).toBe(true);
  });

  it('reads, writes and removes', () => {
    expect(storage.set(StorageKey.Theme, 'dark')).toBe(true);
    expect(storage.get(StorageKey.Theme)).toBe('dark');
    storage.remove(StorageKey.Theme);
    expect(storage.get(StorageKey.Theme)).toBeNull();
    storage.set(StorageKey.TimeSpent, '{bad json');
    expect(storage.getJSON(StorageKey.TimeSpent)).toBeUndefined();
    storage.setJSON(StorageKey.TimeSpent, { ms: 5 });
    expect(storage.getJSON(StorageKey.TimeSpent)).toEqual({ ms: 5 });
  });

  it('survives a browser whose storage throws', () => {
    const boom = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(boom);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(boom);
    jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(boom);
    expect(storage.get(StorageKey.Theme)).toBeNull();
    expect(storage.set(StorageKey.Theme, 'x')).toBe(false);
    expect(() => storage.remove(StorageKey.Theme)).not.toThrow();
    expect(isDebug()).toBe(false);
  });

  it('turns debug on only for the flag 1', () => {
    expect(isDebug()).toBe(false);
    storage.set(StorageKey.DebugFlag, 'true');
    expect(isDebug()).toBe(false);
    storage.set(StorageKey.DebugFlag, '1');
    expect(isDebug()).toBe(true);
  });

  it('takes only the known environment headers', () => {
    storage.setJSON(StorageKey.EnvHeaders, { 'x-tt-env': 'ppe_1', 'x-use-ppe': 1, cookie: 'steal' });
    expect(envHeaders()).toEqual({ 'x-tt-env': 'ppe_1' });
  });
});
