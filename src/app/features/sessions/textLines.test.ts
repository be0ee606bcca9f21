import { describe, expect, it } from 'vitest';
import { indexTextRows, MAX_SCROLL_HEIGHT, rowText, rowWindow } from './textLines.ts';

const rowsOf = (text: string, width = 80) => {
  const rows = indexTextRows(text, width);
  return Array.from({ length: rows.count }, (_, i) => rowText(text, rows, i));
};

describe('indexTextRows', () => {
  it('splits lines, dropping \\r and the empty line after a final newline', () => {
    expect(rowsOf('a\r\nbb\n\nccc\n')).toEqual(['a', 'bb', '', 'ccc']);
    expect(rowsOf('')).toEqual(['']);
  });

  it('cuts long lines into rows of the width', () => {
    expect(rowsOf('abcdefg\nhi', 3)).toEqual(['abc', 'def', 'g', 'hi']);
    expect(rowsOf('abcdef', 3)).toEqual(['abc', 'def']);
  });

  it('cuts minified JSON after a separator, never inside a number', () => {
    const json = JSON.stringify({
      Steps: [{ Frames: [{ Timestamp: 1234.5678, Joint_Positions: [-0.123456, 1.5, 2.25] }] }],
    });
    const rows = rowsOf(json, 12);
    expect(rows.join('')).toBe(json);
    expect(rows.every((row) => row.length <= 12)).toBe(true);
    for (const [i, row] of rows.entries()) {
      const next = rows[i + 1];
      // No digit, minus sign or point runs on from the end of one row into the next.
      if (next) expect(`${row.at(-1) ?? ''}${next[0] ?? ''}`).not.toMatch(/^[\d.-][\d.]$/);
    }
  });

  it('indexes a 50 MB single-line file', () => {
    const text = '1.234,'.repeat(50_000_000 / 6);
    const rows = indexTextRows(text, 200);
    // Each row ends after a comma: 33 numbers of 6 characters.
    expect(rows.count).toBe(Math.ceil(text.length / 198));
  });
});

describe('rowWindow', () => {
  it('draws the rows in view plus a margin, at their place', () => {
    expect(rowWindow(0, 100, 1000, 20, 2)).toEqual({ first: 0, last: 8, top: 0, height: 20_000 });
    expect(rowWindow(400, 100, 1000, 20, 2)).toEqual({ first: 18, last: 28, top: 360, height: 20_000 });
    expect(rowWindow(0, 100, 3, 20)).toMatchObject({ first: 0, last: 3 });
  });

  it('maps the scroll position by proportion when the rows are taller than a browser allows', () => {
    const count = 5_000_000;
    const end = rowWindow(MAX_SCROLL_HEIGHT - 400, 400, count, 20, 0);
    expect(end.height).toBe(MAX_SCROLL_HEIGHT);
    expect(end.last).toBe(count);
    const middle = rowWindow((MAX_SCROLL_HEIGHT - 400) / 2, 400, count, 20, 0);
    expect(Math.abs(middle.first - count / 2)).toBeLessThan(100);
  });
});
