import { z } from 'zod';
import { auditEventSchema, auditExportQuerySchema, auditPageQuerySchema } from '../audit/auditEvents.ts';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { TOKEN_ANSWERS, defineCall, problem } from './call.ts';

const tag = 'audit';
const noStore = { 'Cache-Control': z.literal('no-store') };

/**
 * The audit log page's calls (admin only). Every read of the trail, and every export, is itself audited before the
 * entries are read, so it shows at the top.
 */
export const auditCalls = {
  auditLog: defineCall({
    method: 'GET',
    path: '/api/auditLog',
    tag,
    summary: 'The audit trail as text, newest first (the 5,000 newest entries)',
    description: 'Kept for older clients; auditEvents answers the same entries as data, filtered and paged.',
    access: ['admin'],
    query: z.object({ UserType: userTypeSchema.optional() }),
    answers: { ...TOKEN_ANSWERS, 200: { description: 'The log', json: z.object({ Data: z.string() }) } },
  }),
  auditEvents: defineCall({
    method: 'GET',
    path: '/api/auditEvents',
    tag,
    summary: 'A page of audit entries, newest first, with people and records by name',
    description:
      'Filtered by person, patient, action, outcome and time; follow nextCursor until it is null. Entries written while paging are newer than the first page and never shift the pages after it.',
    access: ['admin'],
    query: auditPageQuerySchema,
    answers: {
      ...TOKEN_ANSWERS,
      200: {
        description: 'The entries',
        json: z.object({
          events: z.array(auditEventSchema),
          nextCursor: z.string().nullable().describe('Ask again with this cursor for older entries; null on the last'),
        }),
        headers: noStore,
      },
    },
  }),
  auditEventsCsv: defineCall({
    method: 'GET',
    path: '/api/auditEvents.csv',
    tag,
    summary: 'The audit entries of a filtered view as CSV, newest first',
    description:
      'The same filters as auditEvents; cells a spreadsheet would run as a formula are neutralised. A view of more entries than one export holds is refused (422): narrow the filters.',
    access: ['admin'],
    query: auditExportQuerySchema,
    answers: {
      ...TOKEN_ANSWERS,
      200: {
        description: 'The CSV',
        media: ['text/csv'],
        headers: {
          ...noStore,
          'Content-Disposition': z.string().describe('attachment; filename="audit-log_<UTC time>.csv"'),
        },
      },
      422: problem("Too many entries match for one export ('More than 10,000 entries match these filters: …')"),
    },
  }),
};
