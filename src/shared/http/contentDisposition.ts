// Content-Disposition written by the server and read back by the app, kept together so that the two agree.

/**
 * An attachment's Content-Disposition (RFC 6266): the name in `filename` for old clients, with anything outside
 * printable ASCII, quotes and backslashes replaced, and exactly in `filename*` as UTF-8 (RFC 8187), which browsers
 * prefer. Names made by sessionFileName are ASCII already; the UTF-8 form keeps any other name whole.
 */
export function attachmentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The file name a Content-Disposition header gives: `filename*` (RFC 8187, UTF-8) first, as browsers do, then
 * `filename`. Path separators are dropped so that a name can never point into a folder.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (header === null) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (extended !== undefined) {
    try {
      name = decodeURIComponent(extended);
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe === undefined || safe === '' ? undefined : safe;
}
