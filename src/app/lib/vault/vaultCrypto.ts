import { aesGcmChunkCipher, type AesGcmSubtle, type ChunkCipher } from '#shared/vault/sealedChunks';

/**
 * PBKDF2-HMAC-SHA256 iterations for the key that wraps a vault's data key: OWASP Password Storage Cheat Sheet (2023)
 * asks for 600,000. Each wrap stores its own count, so a later release can raise it for new wraps.
 */
export const PBKDF2_ITERATIONS = 600_000;

const IV_BYTES = 12;
const SALT_BYTES = 16;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Fresh bytes from the browser's CSPRNG, typed as WebCrypto wants them. */
const randomBytes = (length: number): Uint8Array<ArrayBuffer> => crypto.getRandomValues(new Uint8Array(length));

const bytes = (data: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(data);

/** A password's wrap of the data key: the salt and iterations to derive its key again, and the wrapped bytes. */
export type KeyWrap = { salt: Uint8Array; iterations: number; wrapped: Uint8Array };

/** The key that a password derives (never stored): it only wraps and unwraps the data key. */
async function passwordKey(password: string, salt: Uint8Array, iterations: number): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: bytes(salt), iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/**
 * A new random AES-GCM-256 data key. Extractable, because it is wrapped for each password, and for the tab's session
 * storage (src/app/lib/vault/tabKey.ts) so that a reload needs no password.
 */
export function newDataKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
}

export async function wrapDataKey(
  dataKey: CryptoKey,
  password: string,
  iterations = PBKDF2_ITERATIONS,
): Promise<KeyWrap> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const wrapping = await passwordKey(password, salt, iterations);
  const body = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, wrapping, { name: 'AES-GCM', iv }));
  return { salt, iterations, wrapped: concat(iv, body) };
}

/** The data key, or null when this password did not make the wrap (AES-GCM's tag does not verify). */
export async function unwrapDataKey(wrap: KeyWrap, password: string): Promise<CryptoKey | null> {
  const wrapping = await passwordKey(password, wrap.salt, wrap.iterations);
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      bytes(wrap.wrapped.subarray(IV_BYTES)),
      wrapping,
      { name: 'AES-GCM', iv: bytes(wrap.wrapped.subarray(0, IV_BYTES)) },
      { name: 'AES-GCM', length: 256 },
      true,
      ['encrypt', 'decrypt'],
    );
  } catch {
    return null;
  }
}

/** This tab's copy of the data key, wrapped by the tab's own key (src/app/lib/vault/tabKey.ts), as storable text. */
export async function wrapTabCopy(dataKey: CryptoKey, tabKey: CryptoKey): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const body = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, tabKey, { name: 'AES-GCM', iv }));
  return toBase64(concat(iv, body));
}

export function unwrapTabCopy(text: string, tabKey: CryptoKey): Promise<CryptoKey> {
  const data = fromBase64(text);
  return crypto.subtle.unwrapKey(
    'raw',
    data.subarray(IV_BYTES),
    tabKey,
    { name: 'AES-GCM', iv: data.subarray(0, IV_BYTES) },
    { name: 'AES-GCM', length: 256 },
    true,
    ['encrypt', 'decrypt'],
  );
}

/**
 * Seals a JSON value with the data key. `context` is authenticated with it (e.g. the list and user a record belongs
 * to), so a sealed value cannot be moved to another place in the vault and opened there.
 */
export async function sealJson(key: CryptoKey, value: unknown, context: string): Promise<Uint8Array> {
  const iv = randomBytes(IV_BYTES);
  const body = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(JSON.stringify(value)),
  );
  return concat(iv, new Uint8Array(body));
}

export async function openJson<T>(key: CryptoKey, sealed: Uint8Array, context: string): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes(sealed.subarray(0, IV_BYTES)), additionalData: encoder.encode(context) },
    key,
    bytes(sealed.subarray(IV_BYTES)),
  );
  return JSON.parse(decoder.decode(plain)) as T;
}

/** Files (kept recordings, queued uploads) are sealed in chunks by the shared format, with the same data key. */
export function chunkCipher(key: CryptoKey): ChunkCipher {
  return aesGcmChunkCipher(crypto.subtle as AesGcmSubtle<CryptoKey>, randomBytes, key);
}

/** SHA-256 of a text as hex: the vault is found by a hash of the username, which is not kept in the clear. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function toBase64(data: Uint8Array): string {
  return btoa(String.fromCharCode(...data));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
