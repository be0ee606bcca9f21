/** The device's time zone, e.g. 'Europe/London': the audit log's times are in it, and it says so once. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
