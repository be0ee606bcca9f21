/**
 * CSV as RFC 4180 writes it: a header row, CRLF line ends, fields quoted when they hold a comma, quote or line
 * break (quotes doubled). Numbers are written with a decimal point whatever the reader's locale, rounded to a
 * fixed number of decimals; null and undefined are empty fields.
 */
export type CsvValue = string | number | null | undefined;

export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? csvNumber(value) : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Up to six decimals (micrometres, microseconds), no exponent, no trailing zeros; non-finite values are empty. */
export function csvNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  // toFixed switches to exponent notation from 1e21; such a number is an integer anyway.
  if (Math.abs(value) >= 1e21) return BigInt(value).toString();
  const fixed = value.toFixed(6).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}
