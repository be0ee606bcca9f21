import { wipeAccount } from '#app/lib/mirror/clearMirror';
import { openVaultOnline, vaultLookup, type OnlineLogin } from './openVault.ts';
import { findVault } from './vaultStore.ts';

export { unlockOffline } from './openVault.ts';

/**
 * The vault side of an online login. A vault this password could not open (the password was changed on another
 * device) is replaced; what it sealed can never be read again, so its records, files and unsent changes go.
 */
export async function openVaultAtLogin(online: OnlineLogin): Promise<void> {
  const previous = await findVault(await vaultLookup(online.type, online.username));
  const { replaced } = await openVaultOnline(online);
  if (replaced && previous) await wipeAccount(previous);
}
