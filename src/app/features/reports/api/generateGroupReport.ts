import { HTTPError } from 'ky';
import type { Reply } from '#shared/api/calls';
import type { GroupReportRequestInput } from '#shared/reports/groupReportRequest';
import { serverErrorOf } from '#app/lib/api';
import { postCall } from '#app/lib/apiCall';

export type GroupReportLinks = Reply<'generate-group-report'>;

export type GroupReportOutcome = { status: 'done'; links: GroupReportLinks } | { status: 'error'; message: string };

/** generate-group-report: the server reads every patient's latest recording, so it has the reports' 20 s and more. */
export async function generateGroupReport(request: GroupReportRequestInput): Promise<GroupReportOutcome> {
  try {
    return { status: 'done', links: await postCall('generate-group-report', request, { timeout: 60_000, retry: 0 }) };
  } catch (error) {
    if (error instanceof HTTPError) {
      const text = await serverErrorOf(error);
      return { status: 'error', message: `Error: ${text ?? 'The group report could not be made.'}` };
    }
    return { status: 'error', message: 'Error: The server could not be reached. Try again when online.' };
  }
}
