import { describe, expect, it } from 'vitest';
import { FIRST_PATCH_BYTES, MAX_PATCH_BYTES, nextPatchBytes, refusedPatchCeiling } from './patchSize.ts';

const MIB = 2 ** 20;

/** The PATCH sizes a file of `fileBytes` is sent in, each PATCH taking `msFor(bytes)`. */
function patches(fileBytes: number, msFor: (bytes: number) => number): number[] {
  const sizes: number[] = [];
  let size = FIRST_PATCH_BYTES;
  for (let sent = 0; sent < fileBytes;) {
    const bytes = Math.min(size, fileBytes - sent);
    sizes.push(bytes);
    sent += bytes;
    size = nextPatchBytes(size, msFor(bytes));
  }
  return sizes;
}

describe('nextPatchBytes', () => {
  it('grows quick PATCHes to the largest, so a video on a fast link needs few requests', () => {
    // 100 MB/s: a 1 GiB video in 37 PATCHes (1, 2, 4, 8, 16, then 32 MiB each), not 1,024.
    const sizes = patches(1024 * MIB, (bytes) => bytes / 100_000);
    expect(sizes.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32].map((m) => m * MIB));
    expect(sizes).toHaveLength(37);
    expect(Math.max(...sizes)).toBe(MAX_PATCH_BYTES);
  });

  it('keeps one chunk a PATCH on a slow ward link, so progress shows and a cut costs a short request', () => {
    // 250 kB/s (2 Mbit/s): a 1 MiB PATCH takes 4.2 s.
    expect(new Set(patches(20 * MIB, (bytes) => bytes / 250))).toEqual(new Set([MIB]));
  });

  it('halves the PATCH when the link slows down, never below one chunk', () => {
    expect(nextPatchBytes(32 * MIB, 9_000)).toBe(16 * MIB);
    expect(nextPatchBytes(FIRST_PATCH_BYTES, 9_000)).toBe(FIRST_PATCH_BYTES);
  });

  it('keeps the size while a PATCH takes between one and four seconds', () => {
    expect(nextPatchBytes(8 * MIB, 1_000)).toBe(8 * MIB);
    expect(nextPatchBytes(8 * MIB, 4_000)).toBe(8 * MIB);
  });

  it('stays a whole number of sealed chunks, so a PATCH opens whole chunks from the device', () => {
    for (const ms of [10, 2_000, 9_000])
      for (let size = FIRST_PATCH_BYTES; size <= MAX_PATCH_BYTES; size *= 2)
        expect(nextPatchBytes(size, ms) % FIRST_PATCH_BYTES).toBe(0);
  });

  it('never grows past a ceiling once a PATCH was refused as too large', () => {
    expect(nextPatchBytes(MIB, 10, MIB)).toBe(MIB);
    expect(nextPatchBytes(2 * MIB, 2_000, MIB)).toBe(MIB);
    expect(nextPatchBytes(8 * MIB, 10, 4 * MIB)).toBe(4 * MIB);
  });
});

describe('refusedPatchCeiling', () => {
  it('halves a refused PATCH down to one chunk, and lets a refused chunk stand', () => {
    expect(refusedPatchCeiling(2 * MIB)).toBe(MIB);
    expect(refusedPatchCeiling(32 * MIB)).toBe(16 * MIB);
    expect(refusedPatchCeiling(MIB)).toBeUndefined();
  });

  it("keeps to whole chunks when the refused PATCH was a file's shorter last one", () => {
    expect(refusedPatchCeiling(5 * MIB + 12_345)).toBe(2 * MIB);
    expect(refusedPatchCeiling(MIB + 1)).toBe(MIB);
  });
});
