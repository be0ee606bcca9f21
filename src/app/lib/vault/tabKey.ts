import { vaultDb } from './vaultStore.ts';

/**
 * The key that wraps this tab's copy of the vault's data key. Chromium writes session storage to the profile on disk
 * (`Session Storage/`), where it outlives the browser until its next start, so session storage holds the data key
 * only wrapped (issue 32, item 9). The wrapping key is a non-extractable CryptoKey in IndexedDB, named by a random
 * tab id in session storage: no page script can read its bytes, though Chromium keeps them in the profile's
 * IndexedDB files. A tab's key goes at logout, and a closed tab's at the next start of the app (its Web Lock is gone).
 */

const TAB_STORAGE = 'vault_tab';
const LOCK_PREFIX = 'vault-tab:';
const keys = () => vaultDb().tabKeys;

/** Held while the tab lives, so that another tab's start can tell a closed tab's key from a live one's. */
function holdTabLock(tab: string): void {
  void navigator.locks.request(`${LOCK_PREFIX}${tab}`, () => new Promise<never>(() => undefined));
}

let held: string | undefined;

/** This tab's wrapping key, made on the first login in the tab; closed tabs' keys are removed on the way. */
export async function tabWrappingKey(): Promise<CryptoKey> {
  const tab = window.sessionStorage.getItem(TAB_STORAGE);
  const found = tab === null ? undefined : await keys().get(tab);
  if (tab !== null && found !== undefined) {
    if (held !== tab) holdTabLock((held = tab));
    return found.key;
  }
  const next = crypto.randomUUID();
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['wrapKey', 'unwrapKey']);
  await keys().put({ tab: next, key });
  window.sessionStorage.setItem(TAB_STORAGE, next);
  holdTabLock((held = next));
  await removeClosedTabs();
  return key;
}

/** The tab's wrapping key, if it still has one (a reload); undefined once it was removed. */
export async function existingTabKey(): Promise<CryptoKey | undefined> {
  const tab = window.sessionStorage.getItem(TAB_STORAGE);
  if (tab === null) return undefined;
  if (held !== tab) holdTabLock((held = tab));
  return (await keys().get(tab))?.key;
}

/** Logout: this tab's wrapping key goes; the wrapped data key beside it can no longer be opened. */
export async function forgetTabKey(): Promise<void> {
  const tab = window.sessionStorage.getItem(TAB_STORAGE);
  window.sessionStorage.removeItem(TAB_STORAGE);
  if (tab !== null) await keys().delete(tab);
}

async function removeClosedTabs(): Promise<void> {
  const { held: locks = [] } = await navigator.locks.query();
  const live = new Set(locks.map((lock) => lock.name));
  const closed = (await keys().toCollection().primaryKeys()).filter((tab) => !live.has(`${LOCK_PREFIX}${tab}`));
  await keys().bulkDelete(closed);
}
