import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from './compression.ts';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
  });
  it('honours q=0 and sends plain when nothing is accepted', () => {
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
