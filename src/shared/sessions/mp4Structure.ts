/**
 * Recognises an MP4 (ISO base media file, ISO/IEC 14496-12) by content: an `ftyp` box at offset 4, then a chain of
 * top-level boxes that exactly fills the file and includes the `moov` box a player needs. Only box headers are
 * read, so a 2 GB video is checked with a few small reads.
 */
export type ReadBytes = (start: number, length: number) => Promise<Uint8Array>;
export type Mp4Check = { ok: true } | { ok: false; status: 400 | 415; error: string };

const MAX_TOP_LEVEL_BOXES = 10_000;

const fourCc = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
const uint32 = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) * 2 ** 24 + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);

/** Whether the first bytes of a file carry the MP4 signature (an `ftyp` box type at offset 4). */
export const hasMp4Signature = (head: Uint8Array): boolean => head.length >= 8 && fourCc(head, 4) === 'ftyp';

export async function checkMp4(read: ReadBytes, size: number): Promise<Mp4Check> {
  const damaged = (why: string): Mp4Check => ({ ok: false, status: 400, error: `The video file is damaged: ${why}` });
  const head = await read(0, 16);
  if (!hasMp4Signature(head))
    return { ok: false, status: 415, error: 'The file is not an MP4 video (no ftyp box at its start).' };
  let offset = 0;
  let hasMovie = false;
  for (let count = 0; offset < size; count++) {
    if (count === MAX_TOP_LEVEL_BOXES) return damaged('it has implausibly many top-level boxes.');
    const header = await read(offset, 16);
    if (header.length < 8) return damaged(`a box header at byte ${offset} is cut off.`);
    const type = fourCc(header, 4);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return damaged(`the box at byte ${offset} has no valid type.`);
    let length = uint32(header, 0);
    if (length === 1) {
      if (header.length < 16) return damaged(`the large box '${type}' at byte ${offset} is cut off.`);
      length = uint32(header, 8) * 2 ** 32 + uint32(header, 12);
    } else if (length === 0) {
      length = size - offset;
    }
    if (length < 8) return damaged(`the box '${type}' at byte ${offset} has an impossible length.`);
    if (offset + length > size)
      return damaged(
        `the box '${type}' at byte ${offset} runs past the end of the file (the upload may be incomplete).`,
      );
    if (type === 'moov') hasMovie = true;
    offset += length;
  }
  return hasMovie ? { ok: true } : damaged("it has no 'moov' box, so no player can play it.");
}
