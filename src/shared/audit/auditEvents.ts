import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { AUDIT_OUTCOMES } from './auditActions.ts';

/** Entries per page of the audit log: default and most. */
export const AUDIT_PAGE_DEFAULT = 50;
const AUDIT_PAGE_MAX = 200;

/** The most entries one CSV export holds: an export is built in memory, and an auditor narrows a larger view. */
export const AUDIT_EXPORT_MAX = 10_000;

export const auditExportTooLarge = (count: number) =>
  `More than ${count.toLocaleString('en-US')} entries match these filters: narrow them (a shorter time range, a person or a patient) to export.`;

/** A time as the API takes it: ISO 8601 in UTC, as the trail stores it. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;
/** A time whose day exists: Date rolls 30 February over into March, which the trail's text order would not. */
const isCalendarTime = (text: string) => {
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text.slice(0, 10);
};
const isoTime = (name: string) =>
  z
    .string()
    .regex(ISO_UTC, `${name} must be a time in UTC, e.g. 2026-01-31T23:00:00.000Z`)
    .refine(isCalendarTime, `${name} must be a time in UTC, e.g. 2026-01-31T23:00:00.000Z`)
    .optional();

const searchText = (name: string) => z.string().max(200, `${name} is too long`).optional();

/** The filters of the audit log, the same for a page and for a CSV export. Every one is optional. */
const auditFilterFields = {
  UserType: userTypeSchema.optional(),
  Person: searchText('Person').describe(
    "Who acted: a user's id, or words of their name or username (every word must match)",
  ),
  Patient: searchText('Patient').describe(
    'Entries about a patient, or done by them: a UniquePatientID, or words of the name or given patient id',
  ),
  Action: searchText('Action').describe("One action as stored, e.g. 'patient.read'"),
  Outcome: z
    .enum(Object.keys(AUDIT_OUTCOMES) as [keyof typeof AUDIT_OUTCOMES], {
      error: `Outcome should be ${Object.keys(AUDIT_OUTCOMES).join(', ')}`,
    })
    .optional(),
  From: isoTime('From').describe('Entries at or after this time'),
  To: isoTime('To').describe('Entries before this time'),
};

export const auditPageQuerySchema = z.object({
  ...auditFilterFields,
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_MAX, `limit must be at most ${String(AUDIT_PAGE_MAX)}`)
    .optional()
    .describe(`Entries per page (default ${String(AUDIT_PAGE_DEFAULT)}, at most ${String(AUDIT_PAGE_MAX)})`),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'cursor is not valid')
    .optional()
    .describe('The nextCursor of the previous page, unchanged: the entries older than it'),
});

export const auditExportQuerySchema = z.object({
  ...auditFilterFields,
  TimeZone: z
    .string()
    .max(64, 'TimeZone is not a time zone')
    .refine(isTimeZone, 'TimeZone is not a time zone')
    .optional()
    .describe("The reader's IANA time zone, e.g. Europe/London: the export adds a column of local times"),
});

export type AuditFilter = Omit<z.infer<typeof auditPageQuerySchema>, 'UserType' | 'limit' | 'cursor'>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A person or record an entry names: its id always, its name when the server still knows it. */
const auditRecordSchema = z.object({
  Kind: z.string().describe('patient, clinician, clinic, admin, session, subSession, report or upload'),
  ID: z.string(),
  Label: z.string().nullable().describe('Its name (a patient: name and given id; a session: number and patient)'),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditEventSchema = z
  .object({
    ID: z.number().int().describe('The entry number in the trail; newer entries have larger numbers'),
    At: z.string().describe('When, in UTC (ISO 8601)'),
    Actor: z.object({
      ID: z.string(),
      Role: z.string(),
      Name: z.string().nullable().describe('The name (a clinic: the clinic’s), or null when not known'),
    }),
    Action: z.string(),
    Outcome: z.string(),
    Address: z.string().describe('The address the request came from'),
    Target: z.string().describe('What the entry names, as stored (a long list shortened)'),
    Records: z.array(auditRecordSchema).describe('The people and records the target names, by name (the first few)'),
    MoreRecords: z.number().int().describe('How many more records the target names than Records holds'),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventRow = z.infer<typeof auditEventSchema>;
