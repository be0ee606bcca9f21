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
