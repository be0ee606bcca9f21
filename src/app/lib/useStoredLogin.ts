import { useSyncExternalStore } from 'react';
import { loginStore, type StoredLogin } from './storedLogin.ts';

/** The current login; components re-render when it is written or cleared. */
export function useStoredLogin(): StoredLogin | null {
  return useSyncExternalStore(loginStore.subscribe, loginStore.read);
}
