/** Bytes `start` to `end`, both included (as Content-Range counts them). */
export type ByteRange = { start: number; end: number };

/** `openEnded`: the header named no last byte ('bytes=N-' or 'bytes=-N'), so a reader may answer less. */
export type RangeRequest =
  { kind: 'whole' } | { kind: 'part'; range: ByteRange; openEnded?: true } | { kind: 'unsatisfiable' };

/**
 * Reads a Range header (RFC 9110 §14) for a file of `size` bytes. One range is served as 206; several ranges, or a
 * header not understood, get the whole file, which RFC 9110 allows. The server and the service worker both read it.
 */
export function byteRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 }, openEnded: true };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'unsatisfiable' };
  return last === ''
    ? { kind: 'part', range: { start, end }, openEnded: true }
    : { kind: 'part', range: { start, end } };
}
