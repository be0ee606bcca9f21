import { describe, expect, it, vi } from 'vitest';
import { createLoginStore } from './storedLogin.ts';

function fakeStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('stored login', () => {
  it('writes the three spec keys and reads them back', () => {
    const storage = fakeStorage();
    const store = createLoginStore(() => storage);
    store.write({ id: 'p1', accessToken: 'tok', loginType: 'patient' });
    expect(storage.getItem('id')).toBe('p1');
    expect(storage.getItem('access_token')).toBe('tok');
    expect(storage.getItem('login_type')).toBe('patient');
    expect(store.read()).toEqual({ id: 'p1', accessToken: 'tok', loginType: 'patient' });
  });

  it('returns the same object while nothing changed', () => {
    const store = createLoginStore(() => fakeStorage({ id: 'a', access_token: 't', login_type: 'admin' }));
    expect(store.read()).toBe(store.read());
  });

  it('treats a missing item or an unknown login type as logged out', () => {
    expect(createLoginStore(() => fakeStorage({ id: 'a', access_token: 't' })).read()).toBeNull();
    const tampered = fakeStorage({ id: 'a', access_token: 't', login_type: 'root' });
    expect(createLoginStore(() => tampered).read()).toBeNull();
  });

  it('clears all three items and tells subscribers', () => {
    const storage = fakeStorage({ id: 'a', access_token: 't', login_type: 'clinic', other: 'kept' });
    const store = createLoginStore(() => storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.clear();
    expect(store.read()).toBeNull();
    expect(storage.length).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.write({ id: 'b', accessToken: 'u', loginType: 'clinician' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
