import { describe, expect, it } from 'vitest';
import { checkMp4 } from './mp4Structure.ts';

const box = (type: string, length: number, declared = length) => {
  const bytes = new Uint8Array(length);
  new DataView(bytes.buffer).setUint32(0, declared);
  for (let i = 0; i < 4; i++) bytes[4 + i] = type.charCodeAt(i);
  return bytes;
};
const file = (...boxes: Uint8Array[]) => {
  const out = new Uint8Array(boxes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of boxes) {
    out.set(b, at);
    at += b.length;
  }
  return out;
};
const check = (bytes: Uint8Array) =>
  checkMp4((start, length) => Promise.resolve(bytes.subarray(start, start + length)), bytes.length);

describe('MP4 structure check', () => {
  it('accepts ftyp, moov and mdat boxes that fill the file', async () => {
    expect(await check(file(box('ftyp', 24), box('moov', 100), box('mdat', 500)))).toEqual({ ok: true });
  });

  it('refuses a file without an ftyp box as no video (415)', async () => {
    expect(await check(file(box('moov', 100)))).toMatchObject({ ok: false, status: 415 });
  });

  it.each([
    [
      'a cut-off upload',
      file(box('ftyp', 24), box('moov', 100), box('mdat', 50, 500)),
      "the box 'mdat' at byte 124 runs past the end",
    ],
    ['no movie box', file(box('ftyp', 24), box('mdat', 50)), "it has no 'moov' box"],
    [
      'an impossible length',
      file(box('ftyp', 24), box('moov', 8, 4)),
      "the box 'moov' at byte 24 has an impossible length",
    ],
  ])('refuses %s as damaged (400)', async (_name, bytes, message) => {
    const result = await check(bytes);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.ok ? '' : result.error).toContain(message);
  });
});
