import type { UserType } from '#shared/auth/userTypes';
import type { StoredLogin } from '#app/lib/storedLogin';
import { openJson, sealJson, sha256Hex, unwrapDataKey, wrapDataKey, newDataKey, type KeyWrap } from './vaultCrypto.ts';
import { forgetVaultKey, rememberVaultKey, vaultKey } from './vaultKey.ts';
import { deleteVaultsOf, findVault, saveVault, vaultsOf, type VaultRecord } from './vaultStore.ts';

/** A vault is found by login type and a hash of the username, the two things an offline login form knows. */
export const vaultLookup = async (type: UserType, username: string) => `${type}:${await sha256Hex(username)}`;

const loginContext = (lookup: string) => `login:${lookup}`;

async function unwrapAny(
  wraps: readonly KeyWrap[],
  password: string,
): Promise<{ key: CryptoKey; wrap: KeyWrap } | null> {
  for (const wrap of wraps) {
    const key = await unwrapDataKey(wrap, password);
    if (key) return { key, wrap };
  }
  return null;
}

export type OnlineLogin = { type: UserType; username: string; password: string; login: StoredLogin };

/**
 * After the server accepted a login: opens the account's vault with the password (or makes one), keeps the access
 * token sealed in it for an offline relaunch, and holds the key for this tab. Resolves to the vault's previous
 * owner when that vault could not be opened and was replaced: what it sealed must then be wiped.
 */
export async function openVaultOnline({
  type,
  username,
  password,
  login,
}: OnlineLogin): Promise<{ replaced: boolean }> {
  const lookup = await vaultLookup(type, username);
  const record = await findVault(lookup);
  const opened = record?.id === login.id ? await unwrapAny(record.wraps, password) : null;
  // No vault yet, or one this password cannot open (changed on another device, or another account's): a new key.
  const key = opened?.key ?? (await newDataKey());
  const wrap = opened?.wrap ?? (await wrapDataKey(key, password));
  const next: VaultRecord = {
    lookup,
    loginType: type,
    id: login.id,
    // The password that just worked is the current one: wraps made for other passwords go.
    wraps: [wrap],
    sealedLogin: await sealJson(key, { accessToken: login.accessToken }, loginContext(lookup)),
    createdAt: opened ? (record?.createdAt ?? new Date().toISOString()) : new Date().toISOString(),
  };
  await saveVault(next);
  await rememberVaultKey(key);
  return { replaced: record !== undefined && !opened };
}

export type OfflineUnlock =
  | { kind: 'unlocked'; login: StoredLogin }
  /** Nothing of this account is kept here: it never logged in online on this device, or logged out. */
  | { kind: 'no-copy' }
  /** Its access token died (a forced logout): only an online login reopens it. */
  | { kind: 'signed-out' }
  | { kind: 'wrong-password' };

/** Without the server: the same user opens what this device keeps for them, with their password. */
export async function unlockOffline(type: UserType, username: string, password: string): Promise<OfflineUnlock> {
  const lookup = await vaultLookup(type, username);
  const record = await findVault(lookup);
  if (!record) return { kind: 'no-copy' };
  if (!record.sealedLogin) return { kind: 'signed-out' };
  const opened = await unwrapAny(record.wraps, password);
  if (!opened) return { kind: 'wrong-password' };
  const { accessToken } = await openJson<{ accessToken: string }>(opened.key, record.sealedLogin, loginContext(lookup));
  await rememberVaultKey(opened.key);
  return { kind: 'unlocked', login: { id: record.id, accessToken, loginType: type } };
}

/**
 * The user changed their password: the vault opens with the new one too. Both stay until the next online login
 * shows which one the server has (the change may still wait in the outbox, or be refused).
 */
export async function addVaultPassword(login: Pick<StoredLogin, 'loginType' | 'id'>, password: string): Promise<void> {
  const key = await vaultKey();
  for (const record of await vaultsOf(login)) {
    await saveVault({ ...record, wraps: [...record.wraps.slice(-2), await wrapDataKey(key, password)] });
  }
}

/** Logout: the vault goes with everything it opened (the caller wipes the mirror and the kept files). */
export async function deleteVault(login: Pick<StoredLogin, 'loginType' | 'id'>): Promise<void> {
  forgetVaultKey();
  await deleteVaultsOf(login);
}

/**
 * Forced logout (the token died): the dead token goes, so the vault no longer opens offline; its key stays wrapped,
 * so unsent changes, still sealed, are sent after the same user's next online login.
 */
export async function signOutVault(login: Pick<StoredLogin, 'loginType' | 'id'>): Promise<void> {
  forgetVaultKey();
  for (const record of await vaultsOf(login)) {
    const { sealedLogin: _dead, ...rest } = record;
    await saveVault(rest);
  }
}
