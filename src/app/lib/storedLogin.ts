import { isUserType, type UserType } from '#shared/auth/userTypes';

/** The logged-in state, kept in session storage under the specification's (docs/spec.md) keys (docs/spec.md §3, §9). */
export type StoredLogin = { id: string; accessToken: string; loginType: UserType };

/** One account on this device: names its mirror database, file cache and outbox status (`clinician-<id>`). */
export const userKeyOf = (login: Pick<StoredLogin, 'loginType' | 'id'>): string => `${login.loginType}-${login.id}`;

const KEYS = { id: 'id', accessToken: 'access_token', loginType: 'login_type' } as const;

export type LoginStore = {
  read: () => StoredLogin | null;
  write: (login: StoredLogin) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
};

/**
 * The storage is looked up lazily so that this module can be imported where no window exists
 * (unit tests). read() returns the same object while the stored values are unchanged, which
 * useSyncExternalStore needs.
 */
export function createLoginStore(getStorage: () => Storage): LoginStore {
  const listeners = new Set<() => void>();
  let cached: StoredLogin | null = null;

  const notify = (): void => {
    for (const listener of listeners) listener();
  };

  const read = (): StoredLogin | null => {
    const storage = getStorage();
    const id = storage.getItem(KEYS.id);
    const accessToken = storage.getItem(KEYS.accessToken);
    const loginType = storage.getItem(KEYS.loginType);
    // A partial or tampered entry counts as logged out: every call needs all three.
    if (!id || !accessToken || !isUserType(loginType)) return (cached = null);
    if (cached?.id === id && cached.accessToken === accessToken && cached.loginType === loginType) {
      return cached;
    }
    return (cached = { id, accessToken, loginType });
  };

  return {
    read,
    write: (login) => {
      const storage = getStorage();
      storage.setItem(KEYS.id, login.id);
      storage.setItem(KEYS.accessToken, login.accessToken);
      storage.setItem(KEYS.loginType, login.loginType);
      notify();
    },
    clear: () => {
      const storage = getStorage();
      for (const key of Object.values(KEYS)) storage.removeItem(key);
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one store, over the browser's session storage. */
export const loginStore = createLoginStore(() => window.sessionStorage);
