import type { DateOrder } from '#shared/units';
import { formatDateTime } from '#app/lib/dateTime';

/** Each line's leading time, in UTC as the server writes it (src/server/audit/auditTrail.ts auditLogText). */
const LEADING_UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z(?= )/gm;

/**
 * The audit log with each time in the reader's time zone and date order (docs/spec.md §5, §9), to the second, so
 * that it reads like every other date in the app rather than as '…Z'.
 */
export function localAuditLog(text: string, order?: DateOrder): string {
  return text.replace(LEADING_UTC_TIME, (at) => formatDateTime(at, order, { seconds: true }));
}

/** The zone those times are in, e.g. 'Europe/London', said once above the log. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
