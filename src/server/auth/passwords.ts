import { hash, verify } from '@node-rs/argon2';

// argon2id (Algorithm.Argon2id = 2) with the library's defaults (19 MiB, t=2), OWASP's minimum recommendation.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verifying against a real hash when the account does not exist keeps the answer time the same,
// so timing does not reveal which usernames exist.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (storedHash === null || storedHash === undefined) {
    decoyHash ??= hashPassword('decoy password that never matches');
    await verify(await decoyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
