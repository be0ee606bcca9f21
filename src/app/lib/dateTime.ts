const pad = (n: number) => String(n).padStart(2, '0');

/** docs/spec.md §9: dates are displayed DD/MM/YYYY HH:mm, in the viewer's time zone; '' for a missing or garbled time. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  return `${formatParts(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** DD/MM/YYYY. A bare ISO date (a date of birth) is a calendar day, never shifted by the time zone. */
export function formatDate(iso: string | null | undefined): string {
  if (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    const [year, month, day] = iso.split('-');
    return `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
  }
  const date = parse(iso);
  return date ? formatParts(date) : '';
}

function parse(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function formatParts(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear())}`;
}
