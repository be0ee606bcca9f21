import { HTTPError } from 'ky';
import { fileNameFromDisposition } from '#shared/http/contentDisposition';
import { MESSAGES } from '#shared/messages';
import { api, serverErrorOf } from '#app/lib/api';
import { saveBlob } from '#app/lib/saveBlob';
import type { AuditQuery } from '../auditFilters.ts';
import { readerTimeZone } from '../readerTimeZone.ts';

/** Made and audited by the server; a large view takes a moment to gather. */
const TIMEOUT_MS = 120_000;

/** The filtered view as CSV, with the device's local times beside UTC, saved under the server's name for it. */
export async function downloadAuditCsv(query: AuditQuery): Promise<string> {
  const searchParams = { UserType: 'admin', TimeZone: readerTimeZone(), ...query };
  const response = await api.get('/api/auditEvents.csv', { searchParams, timeout: TIMEOUT_MS });
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? 'audit-log.csv';
  saveBlob(await response.blob(), name);
  return name;
}

/** What to tell the admin when the export failed: the server's reason (e.g. too many entries), or the generic one. */
export async function auditExportErrorMessage(error: unknown): Promise<string> {
  return error instanceof HTTPError ? ((await serverErrorOf(error)) ?? MESSAGES.someError) : MESSAGES.someError;
}
