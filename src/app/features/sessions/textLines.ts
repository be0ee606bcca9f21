/**
 * Display rows of a large text: where each starts and ends. A joint data file can be 50 MB on one line, so lines
 * longer than `width` characters are cut into rows of at most that width; the viewer then draws only the rows in
 * view.
 */
export type TextRows = { count: number; starts: Uint32Array; ends: Uint32Array };

/** Characters a row may end after: JSON's separators and brackets, and spaces (never inside a number or a word). */
const BREAK_AFTER = new Set([',', ' ', ':', ';', '{', '}', '[', ']'].map((c) => c.charCodeAt(0)));

/**
 * Where a row of a long line ends: after the last separator in its second half, so '-0.123456' is never cut in two;
 * a token longer than half a row is cut at the width.
 */
function rowEnd(text: string, start: number, width: number): number {
  const hard = start + width;
  for (let at = hard; at > start + width / 2; at -= 1) if (BREAK_AFTER.has(text.charCodeAt(at - 1))) return at;
  return hard;
}

export function indexTextRows(text: string, width: number): TextRows {
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  while (at <= text.length) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) lineEnd = text.length;
    // Windows line ends: the \r would show as a stray character.
    const end = lineEnd > at && text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
    let rowStart = at;
    while (end - rowStart > width) {
      const rowStop = rowEnd(text, rowStart, width);
      starts.push(rowStart);
      ends.push(rowStop);
      rowStart = rowStop;
    }
    starts.push(rowStart);
    ends.push(end);
    at = lineEnd + 1;
  }
  // A final newline ends the last line; it does not start an empty one.
  if (text.endsWith('\n') && starts.length > 1) {
    starts.pop();
    ends.pop();
  }
  return { count: starts.length, starts: Uint32Array.from(starts), ends: Uint32Array.from(ends) };
}

export const rowText = (text: string, rows: TextRows, index: number): string =>
  text.slice(rows.starts[index] ?? 0, rows.ends[index] ?? 0);

/** Browsers cap an element's height (Chrome near 33.5 million px); taller content is scrolled proportionally. */
export const MAX_SCROLL_HEIGHT = 15_000_000;

export type RowWindow = { first: number; last: number; top: number; height: number };

/**
 * The rows to draw for a scroll position: `first` to `last` (exclusive) at `top` px inside a spacer of `height` px.
 * Up to MAX_SCROLL_HEIGHT the spacer is exact; beyond it the scroll position maps to a row by proportion.
 */
export function rowWindow(
  scrollTop: number,
  viewport: number,
  count: number,
  rowHeight: number,
  overscan = 10,
): RowWindow {
  const exact = count * rowHeight;
  const height = Math.min(exact, MAX_SCROLL_HEIGHT);
  const visible = Math.ceil(viewport / rowHeight) + 1;
  const scrollable = Math.max(1, height - viewport);
  const at =
    exact === height
      ? Math.floor(scrollTop / rowHeight)
      : Math.floor((Math.min(scrollTop, scrollable) / scrollable) * Math.max(0, count - visible + 1));
  const first = Math.max(0, at - overscan);
  const last = Math.min(count, at + visible + overscan);
  // Proportional scrolling pins the row under the top edge to the viewport's top.
  const top = exact === height ? first * rowHeight : scrollTop - (at - first) * rowHeight;
  return { first, last, top, height };
}
