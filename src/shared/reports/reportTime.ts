/**
 * Times in reports: one rule everywhere. Every time is written in the time zone of the device that asked for the
 * report (the app sends it; the app shows local times too), as DD/MM/YYYY HH:mm (the specification's format) with
 * its UTC offset beside it, e.g. '10/01/2026 09:30 (UTC+01:00)', so that a printed report read elsewhere is still
 * unambiguous. Without a zone, or with one the runtime does not know, UTC.
 */
export type ReportTime = { date: string; time: string; zone: string; text: string };

export function validTimeZone(zone: string | undefined): string {
  if (zone === undefined || zone === '') return 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

export function reportTime(iso: string, timeZone: string): ReportTime {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return { date: iso, time: '', zone: '', text: iso };
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: validTimeZone(timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // 'GMT+01:00', or plain 'GMT' at offset zero.
  const offset = part('timeZoneName').replace(/^GMT/, '');
  const zone = `UTC${offset === '' ? '+00:00' : offset}`;
  const date = `${part('day')}/${part('month')}/${part('year')}`;
  const time = `${part('hour')}:${part('minute')}`;
  return { date, time, zone, text: `${date} ${time} (${zone})` };
}
