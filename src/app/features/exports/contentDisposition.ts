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
