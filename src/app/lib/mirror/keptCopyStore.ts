import { openJson, sealJson } from '#app/lib/vault/vaultCrypto';
import { vaultKey } from '#app/lib/vault/vaultKey';
import { withMirrorDb } from './db.ts';

/** One answer as kept on the device, with when it was kept. */
export type Kept<T> = { value: T; keptAt: string };

const context = (name: string) => `kept:${name}`;

/** A copy of one answer, sealed with the vault key in the account's mirror database. */
export async function sealCopy<T>(name: string, kept: Kept<T>): Promise<void> {
  const sealed = await sealJson(await vaultKey(), kept, context(name));
  await withMirrorDb((db) => db.kept.put(sealed, name));
}

export async function readCopy<T>(name: string): Promise<Kept<T> | undefined> {
  const sealed = await withMirrorDb((db) => db.kept.get(name));
  return sealed && openJson<Kept<T>>(await vaultKey(), sealed, context(name));
}
