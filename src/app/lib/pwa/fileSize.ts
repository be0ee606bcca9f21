const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count as people read it: 1 decimal above a kilobyte ('12.3 MB'), powers of 1,024 as Chromium reports. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${String(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value.toFixed(1)} ${UNITS[unit] ?? ''}`;
}
