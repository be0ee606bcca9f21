import { defaultUnits, type DateOrder } from '#shared/units';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The browser's date order, by the rule its forms enter dates with (docs/spec.md §5: month-first for en-US, day-first
 * otherwise), so a date reads back the way it was typed.
 */
function browserDateOrder(): DateOrder {
  return defaultUnits(typeof navigator === 'undefined' ? undefined : navigator.language).dateOrder;
}

/**
 * docs/spec.md §9: DD/MM/YYYY HH:mm, month and day swapped for en-US (§5), in the viewer's time zone; '' for a missing
 * or garbled time. `seconds` adds :ss, for the audit log, whose events come seconds apart.
 */
export function formatDateTime(
  iso: string | null | undefined,
  order: DateOrder = browserDateOrder(),
  { seconds = false } = {},
): string {
  const date = parse(iso);
  if (!date) return '';
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''}`;
  return `${dayMonthYear(date.getDate(), date.getMonth() + 1, date.getFullYear(), order)} ${time}`;
}

/** The date alone. A bare ISO date (a date of birth) is a calendar day, never shifted by the time zone. */
export function formatDate(iso: string | null | undefined, order: DateOrder = browserDateOrder()): string {
  const calendarDay = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (calendarDay) {
    const [, year, month, day] = calendarDay.map(Number);
    return dayMonthYear(day ?? 0, month ?? 0, year ?? 0, order);
  }
  const date = parse(iso);
  return date ? dayMonthYear(date.getDate(), date.getMonth() + 1, date.getFullYear(), order) : '';
}

function parse(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function dayMonthYear(day: number, month: number, year: number, order: DateOrder): string {
  const [first, second] = order === 'month-first' ? [month, day] : [day, month];
  return `${pad(first)}/${pad(second)}/${String(year)}`;
}
