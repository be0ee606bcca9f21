import type { Session } from '#shared/sessions/session';
import { readCopy, sealCopy } from './keptCopyStore.ts';

/**
 * Sessions the user asked, while offline, to keep on the device once the network returns (a report needed their
 * data). Sealed with the vault key like everything else the device keeps for the account.
 */
const NAME = 'pending-keeps';

export async function pendingKeeps(): Promise<Session[]> {
  return (await readCopy<Session[]>(NAME))?.value ?? [];
}

export async function addPendingKeeps(sessions: readonly Session[]): Promise<void> {
  const pending = await pendingKeeps();
  const known = new Set(pending.map((s) => s.SubSessionID));
  const value = [...pending, ...sessions.filter((s) => !known.has(s.SubSessionID))];
  await sealCopy(NAME, { value, keptAt: new Date().toISOString() });
}

export async function dropPendingKeep(subSessionId: string): Promise<void> {
  const value = (await pendingKeeps()).filter((s) => s.SubSessionID !== subSessionId);
  await sealCopy(NAME, { value, keptAt: new Date().toISOString() });
}
