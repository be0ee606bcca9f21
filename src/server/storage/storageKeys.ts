import { randomUUID } from 'node:crypto';

const KEY_PATTERN = /^[0-9a-f]{32}$/;

/** Keys are made by the server (128 random bits), never taken from a file name, so no upload can name a path. */
export function newStorageKey(): string {
  return randomUUID().replaceAll('-', '');
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Keys come from the database, but a path or object name is only ever built from a key of our own making. */
export function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error('Invalid storage key');
  return key;
}
