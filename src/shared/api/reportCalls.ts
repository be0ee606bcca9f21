import { z } from 'zod';
import { groupReportRequestSchema } from '../reports/groupReportRequest.ts';
import { groupReportAnswerSchema, reportAnswerSchema } from '../reports/reportAnswer.ts';
import { reportRequestSchema } from '../reports/reportRequest.ts';
import { JSON_BODY_ANSWERS, PUBLIC_ANSWERS, TOKEN_ANSWERS, defineCall, problem } from './call.ts';

const tag = 'reports';
const page = (description: string) => ({ description, media: ['text/html'] });

/** Generating a report of gait metrics (docs/spec.md §7 generate-report), and reading it by its signed link. */
export const reportCalls = {
  'generate-report': defineCall({
    method: 'POST',
    path: '/api/generate-report',
    tag,
    summary: 'Generate a report of the selected recordings',
    description:
      "The gait engine's metrics as a self-contained HTML report and, for a single session, a PDF with the phase pie charts; answered as signed links that expire (REPORT_LINK_SECONDS).",
    access: ['patient', 'clinician', 'clinic', 'admin'],
    body: reportRequestSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...JSON_BODY_ANSWERS,
      200: { description: 'Generated', json: reportAnswerSchema },
      404: problem("'Session not found': a recording outside the caller's scope"),
      422: problem("'Insufficient data. Try selecting another session.': no recording has enough walking"),
    },
  }),
  'generate-group-report': defineCall({
    method: 'POST',
    path: '/api/generate-group-report',
    tag,
    summary: 'Generate a report of a group of patients',
    description:
      "Each chosen metric's spread across the group (median, IQR, n) against the adult reference, each patient's latest value and who lies outside it, as an HTML report and a PDF behind signed links (REPORT_LINK_SECONDS). A deviation from the specification, which keeps the group report disabled (README).",
    access: ['clinician', 'clinic', 'admin'],
    body: groupReportRequestSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...JSON_BODY_ANSWERS,
      200: { description: 'Generated', json: groupReportAnswerSchema },
      404: problem("'Patient not found': a chosen patient or clinic outside the caller's scope"),
      422: problem('No patient matches the criteria, or the group is larger than 500 patients'),
    },
  }),
  getReport: defineCall({
    method: 'GET',
    path: '/reports/:file',
    tag,
    summary: 'A generated report, by its signed link',
    description: 'The signature is the credential: a new browser tab cannot send the bearer token.',
    access: 'public',
    params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(html|pdf)$/, 'Unknown report') }),
    query: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
    answers: {
      ...PUBLIC_ANSWERS,
      200: { description: 'The report', media: ['text/html', 'application/pdf'] },
      400: problem("'Unknown report', or a link without its expiry and signature"),
      403: page("A page: 'This report link is not valid'"),
      404: problem("'Report not found': no PDF for this report, or it was deleted"),
      410: page("A page: 'This report link has expired', with a way to generate it again"),
    },
  }),
};
