import { exportDataKey, importDataKey } from './vaultCrypto.ts';
import { VAULT_KEY_STORAGE as STORAGE_KEY } from './vaultKeyStorage.ts';

export { hasVaultKey } from './vaultKeyStorage.ts';

/**
 * The open vault's data key for this tab. It lives in memory and, like the access token beside it, in session
 * storage, so a reload of the tab needs no password; a closed app (iOS closes installed apps freely) forgets it,
 * and the vault then opens only with the password again.
 */
let current: { raw: string; key: Promise<CryptoKey> } | undefined;

export async function rememberVaultKey(key: CryptoKey): Promise<void> {
  const raw = await exportDataKey(key);
  window.sessionStorage.setItem(STORAGE_KEY, raw);
  current = { raw, key: Promise.resolve(key) };
}

/** Logout, forced logout: the key leaves this tab (what it sealed stays unreadable until the password opens it). */
export function forgetVaultKey(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
  current = undefined;
}

/** The data key; throws when no vault is open in this tab (nothing may then be written to or read from the device). */
export function vaultKey(): Promise<CryptoKey> {
  const raw = window.sessionStorage.getItem(STORAGE_KEY);
  if (raw === null) return Promise.reject(new Error('The offline copy on this device is locked.'));
  if (current?.raw !== raw) current = { raw, key: importDataKey(raw) };
  return current.key;
}
