import { HTTPError } from 'ky';
import type { Kept } from './keptCopyStore.ts';

/** An answer the app can show offline: the server's, or the copy this device kept of it. */
export type Copy<T> = { value: T; keptAt: string; offline: boolean };

// The sealed store (Dexie) loads on demand: the home routes, and so this file, are in the login page's bundle.
const store = () => import('./keptCopyStore.ts');

/** The names under which the account's own details are kept (its home page asks for them). */
export const OWN_COPIES = { clinician: 'own-clinician', patient: 'own-patient', clinic: 'own-clinic' } as const;

/** The copy kept under `name`, if the device has one; never asks the server. */
export async function keptCopy<T>(name: string): Promise<T | undefined> {
  const kept = await store()
    .then((s) => s.readCopy<T>(name))
    .catch(() => undefined);
  return kept?.value;
}

/** Thrown offline when the device keeps no copy: the page then says what needs the network. */
export class NotKeptOffline extends Error {
  constructor() {
    super('Not kept on this device.');
    this.name = 'NotKeptOffline';
  }
}

/** No answer at all (offline, DNS, timeout); an HTTP status is the server's answer and is not replaced by a copy. */
const isUnreachable = (error: unknown): boolean =>
  !(error instanceof HTTPError) &&
  error instanceof Error &&
  (error.name === 'TypeError' || error.name === 'TimeoutError');

/**
 * Asks the server and keeps its answer sealed on the device (before answering); when the server cannot be reached, answers the kept
 * copy (flagged offline, with its date), or NotKeptOffline. Meant for the account's own details, which no list mirrors.
 */
export async function askOrKept<T>(name: string, ask: () => Promise<T>): Promise<Copy<T>> {
  try {
    const value = await ask();
    const kept: Kept<T> = { value, keptAt: new Date().toISOString() };
    // Kept before the answer is shown: a page left at once (a reload, a link, the app closed) would otherwise cut
    // the write short, and the next offline start would find no copy. A copy that cannot be kept costs only that.
    await store()
      .then((s) => s.sealCopy(name, kept))
      .catch(() => undefined);
    return { ...kept, offline: false };
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const kept = await store()
      .then((s) => s.readCopy<T>(name))
      .catch(() => undefined);
    if (!kept) throw new NotKeptOffline();
    return { ...kept, offline: true };
  }
}
