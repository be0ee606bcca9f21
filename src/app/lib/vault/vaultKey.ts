import { unwrapTabCopy, wrapTabCopy } from './vaultCrypto.ts';
import { VAULT_KEY_STORAGE as STORAGE_KEY } from './vaultKeyStorage.ts';
import { existingTabKey, forgetTabKey, tabWrappingKey } from './tabKey.ts';

/**
 * The open vault's data key for this tab. It lives in memory and, wrapped by the tab's own non-extractable key
 * (src/app/lib/vault/tabKey.ts), in session storage, so a reload of the tab needs no password while the raw key never
 * reaches the disk; a closed app (iOS closes installed apps freely) forgets it, and the vault then opens only with
 * the password again.
 */
let current: { wrapped: string; key: Promise<CryptoKey> } | undefined;

export async function rememberVaultKey(key: CryptoKey): Promise<void> {
  const wrapped = await wrapTabCopy(key, await tabWrappingKey());
  window.sessionStorage.setItem(STORAGE_KEY, wrapped);
  current = { wrapped, key: Promise.resolve(key) };
}

/** Logout, forced logout: the key leaves this tab (what it sealed stays unreadable until the password opens it). */
export function forgetVaultKey(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
  current = undefined;
  void forgetTabKey().catch(() => undefined);
}

const locked = () => new Error('The offline copy on this device is locked.');

async function openTabCopy(wrapped: string): Promise<CryptoKey> {
  const tabKey = await existingTabKey();
  if (tabKey === undefined) throw locked();
  return unwrapTabCopy(wrapped, tabKey);
}

/** The data key; throws when no vault is open in this tab (nothing may then be written to or read from the device). */
export function vaultKey(): Promise<CryptoKey> {
  const wrapped = window.sessionStorage.getItem(STORAGE_KEY);
  if (wrapped === null) return Promise.reject(locked());
  if (current?.wrapped !== wrapped) current = { wrapped, key: openTabCopy(wrapped) };
  return current.key;
}
