import { describe, expect, it } from 'vitest';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '#shared/records/pageLimits';
import { acceptedEncoding, compressesInline } from './compression.ts';

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

describe('compressesInline', () => {
  // A session row is about 690 bytes of JSON (a 1,000-row page at clinic scale: 692,949 bytes).
  const sessionPage = (rows: number) => rows * 700;
  it('packs a default page of sessions on the event loop, not through the thread pool', () => {
    expect(compressesInline(56 * 1024)).toBe(true);
    expect(compressesInline(sessionPage(PAGE_LIMIT_DEFAULT))).toBe(true);
  });
  it('hands a page at the largest limit to the thread pool', () => {
    expect(compressesInline(sessionPage(PAGE_LIMIT_MAX))).toBe(false);
  });
});
