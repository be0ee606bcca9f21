/**
 * CSV as RFC 4180 writes it: a header row, CRLF line ends, fields quoted when they hold a comma, quote or line
 * break (quotes doubled); text that a spreadsheet would take for a formula is neutralised. Numbers are written with a decimal point whatever the reader's locale, rounded to a
 * fixed number of decimals; null and undefined are empty fields.
 */
export type CsvValue = string | number | null | undefined;

export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? csvNumber(value) : neutralised(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A text a spreadsheet would run as a formula (OWASP, "CSV Injection": a cell starting with =, +, -, @, tab or
 * carriage return) gets a leading apostrophe, so it opens as the text that was typed. A patient id such as
 * '=HYPERLINK(…)' is a clinic's data, not a command. Numbers are written by csvNumber and never neutralised.
 */
function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Up to six decimals (micrometres, microseconds), no exponent, no trailing zeros; non-finite values are empty. */
function csvNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  // toFixed switches to exponent notation from 1e21; such a number is an integer anyway.
  if (Math.abs(value) >= 1e21) return BigInt(value).toString();
  const fixed = value.toFixed(6).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}
