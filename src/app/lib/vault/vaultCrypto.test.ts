import { describe, expect, it } from 'vitest';
import {
  newDataKey,
  openJson,
  PBKDF2_ITERATIONS,
  sealJson,
  sha256Hex,
  unwrapDataKey,
  unwrapTabCopy,
  wrapDataKey,
  wrapTabCopy,
} from './vaultCrypto.ts';

const rawKey = async (key: CryptoKey) => Buffer.from(await crypto.subtle.exportKey('raw', key)).toString('hex');

// A low count keeps the test quick; the product's count is checked on its own.
const FAST = 1_000;

describe('the vault key', () => {
  it('is derived with OWASP 2023’s 600,000 PBKDF2-SHA256 iterations by default', async () => {
    expect(PBKDF2_ITERATIONS).toBe(600_000);
    const wrap = await wrapDataKey(await newDataKey(), 'Demo-Gait-2026');
    expect(wrap.iterations).toBe(600_000);
  });

  it('opens with the password that wrapped it, and with no other', async () => {
    const key = await newDataKey();
    const wrap = await wrapDataKey(key, 'Demo-Gait-2026', FAST);
    const opened = await unwrapDataKey(wrap, 'Demo-Gait-2026');
    expect(opened && (await rawKey(opened))).toBe(await rawKey(key));
    expect(await unwrapDataKey(wrap, 'demo-gait-2026')).toBeNull();
    expect(await unwrapDataKey(wrap, '')).toBeNull();
  });

  it('gives every wrap its own salt', async () => {
    const key = await newDataKey();
    const [a, b] = await Promise.all([wrapDataKey(key, 'same', FAST), wrapDataKey(key, 'same', FAST)]);
    expect(Buffer.from(a.salt).equals(Buffer.from(b.salt))).toBe(false);
  });

  it('survives a trip through session storage text, wrapped by the tab key, and shows none of itself there', async () => {
    const key = await newDataKey();
    const tabKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['wrapKey', 'unwrapKey']);
    const sealed = await sealJson(key, { a: 1 }, 'x');
    const text = await wrapTabCopy(key, tabKey);
    expect(Buffer.from(text, 'base64').includes(Buffer.from(await rawKey(key), 'hex'))).toBe(false);
    expect(await openJson(await unwrapTabCopy(text, tabKey), sealed, 'x')).toEqual({ a: 1 });
    const otherTab = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['unwrapKey']);
    await expect(unwrapTabCopy(text, otherTab)).rejects.toThrow();
  });
});

describe('sealed values', () => {
  it('hold no readable text and open only in their own context', async () => {
    const key = await newDataKey();
    const patient = { Forename: 'Olivia', Surname: 'Bennett', GivenPatientID: 'GP-1001' };
    const sealed = await sealJson(key, patient, 'patients');
    expect(Buffer.from(sealed).includes(Buffer.from('Olivia'))).toBe(false);
    expect(await openJson(key, sealed, 'patients')).toEqual(patient);
    await expect(openJson(key, sealed, 'sessions')).rejects.toThrow();
    await expect(openJson(await newDataKey(), sealed, 'patients')).rejects.toThrow();
  });

  it('find a vault by a hash, not by the username itself', async () => {
    expect(await sha256Hex('demo-clinician')).toMatch(/^[0-9a-f]{64}$/);
    expect(await sha256Hex('demo-clinician')).not.toBe(await sha256Hex('Demo-clinician'));
  });
});
