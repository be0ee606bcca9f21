import Dexie, { type Table } from 'dexie';
import type { UserType } from '#shared/auth/userTypes';
import type { KeyWrap } from './vaultCrypto.ts';

/**
 * One vault per account that logged in online on this device. It holds no patient data itself: the data key, wrapped
 * by the password (and, after a password change, by the new one until an online login shows which is current), and
 * the last access token sealed with that key. The records, unsent changes and kept files it opens are in the
 * account's mirror database and file cache, all sealed with the same key.
 */
export type VaultRecord = {
  /** `${type}:${SHA-256 of the username}`: how a login finds its vault. */
  lookup: string;
  loginType: UserType;
  /** The account's id, which names its mirror database and file cache. */
  id: string;
  wraps: KeyWrap[];
  /** {accessToken} of the last online login, sealed; gone after a forced logout (the token is dead). */
  sealedLogin?: Uint8Array;
  createdAt: string;
};

/** A tab's own key that wraps its session storage copy of a data key (src/app/lib/vault/tabKey.ts). */
type TabKey = { tab: string; key: CryptoKey };

class VaultDb extends Dexie {
  vaults!: Table<VaultRecord, string>;
  tabKeys!: Table<TabKey, string>;

  constructor() {
    super('gait-portal-vaults');
    this.version(1).stores({ vaults: 'lookup, [loginType+id]' });
    this.version(2).stores({ vaults: 'lookup, [loginType+id]', tabKeys: 'tab' });
  }
}

let db: VaultDb | undefined;
export const vaultDb = (): VaultDb => (db ??= new VaultDb());

export const findVault = (lookup: string) => vaultDb().vaults.get(lookup);

export const saveVault = (record: VaultRecord) => vaultDb().vaults.put(record);

/** Every vault of an account (one per username it logged in with). */
export const vaultsOf = (login: { loginType: UserType; id: string }) =>
  vaultDb().vaults.where('[loginType+id]').equals([login.loginType, login.id]).toArray();

export async function deleteVaultsOf(login: { loginType: UserType; id: string }): Promise<void> {
  await vaultDb().vaults.where('[loginType+id]').equals([login.loginType, login.id]).delete();
}
