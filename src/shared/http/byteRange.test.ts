import { describe, expect, it } from 'vitest';
import { byteRange } from './byteRange.ts';

describe('byte ranges', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-99', { kind: 'part', range: { start: 0, end: 99 } }],
    ['bytes=900-', { kind: 'part', range: { start: 900, end: 999 }, openEnded: true }],
    ['bytes=990-5000', { kind: 'part', range: { start: 990, end: 999 } }],
    ['bytes=-100', { kind: 'part', range: { start: 900, end: 999 }, openEnded: true }],
    ['bytes=-5000', { kind: 'part', range: { start: 0, end: 999 }, openEnded: true }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=50-10', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-9', { kind: 'whole' }],
    ['items=0-9', { kind: 'whole' }],
  ])('reads %s of a 1000-byte file', (header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });
});
