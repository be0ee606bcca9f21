import { HTTPError, TimeoutError } from 'ky';
import type { ReportRequestInput } from '#shared/reports/reportRequest';
import type { Reply } from '#shared/api/calls';
import { serverErrorOf } from '#app/lib/api';
import { postCall } from '#app/lib/apiCall';

/** Where the generated report is: its signed links, and the trend lines of a multi-session report. */
export type ReportLinks = Reply<'generate-report'>;

export type ReportOutcome =
  | { status: 'done'; links: ReportLinks; onDevice: boolean }
  | { status: 'error'; message: string }
  /** The server could not be reached at all: the caller may build the report on the device. */
  | { status: 'unreachable' };

/** generate-report (docs/spec.md §7), 20 s timeout (§9); errors become the §8 texts. */
export async function generateReport(request: ReportRequestInput): Promise<ReportOutcome> {
  try {
    const links = await postCall('generate-report', request, { timeout: 20_000, retry: 0 });
    return { status: 'done', links, onDevice: false };
  } catch (error) {
    if (error instanceof HTTPError) {
      const text = await serverErrorOf(error);
      return { status: 'error', message: `Error: ${text ?? 'Insufficient data. Try selecting another session.'}` };
    }
    if (error instanceof TimeoutError)
      return { status: 'error', message: 'Error: Insufficient data. Try selecting another session.' };
    return { status: 'unreachable' };
  }
}
