import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import type { SessionRef } from '../ids/ids.ts';
import { REPORT_METRIC_NAMES } from './reportMetrics.ts';

/** A recording a report names: by its SubSessionID, with its SessionID when the caller sent one. */
export type ReportSessionRef = Pick<SessionRef, 'subSessionId'> & { sessionId: SessionRef['sessionId'] | undefined };

/** Report types and x axes of docs/spec.md §9. */
const REPORT_TYPES = ['session', 'multi-session', 'multi-patient'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
const X_AXIS_TYPES = ['SessionNumber', 'Date'] as const;
export type XAxisType = (typeof X_AXIS_TYPES)[number];

const idArray = <T extends z.ZodType<string>>(label: string, item: T) =>
  z
    .array(item, { error: `${label} must be a list` })
    .max(200, `${label} is too long`)
    .default([]);
const anyId = z.string().min(1).max(100);

/** A chosen metric has a name and a value (docs/spec.md §3); the name must be one the report knows (reportMetrics.ts). */
export const metricSchema = z.union([
  z.enum(REPORT_METRIC_NAMES, { error: 'metrics must name known metrics' }),
  z
    .object({
      name: z.enum(REPORT_METRIC_NAMES, { error: 'metrics must name known metrics' }),
      value: z.unknown().optional(),
    })
    .transform((m) => m.name),
]);

/** The generate-report request (docs/spec.md §3 Report request); sessions are named by SessionID and SubSessionID pairwise. */
export const reportRequestSchema = z
  .object({
    UserType: userTypeSchema.optional(),
    patientIDs: idArray('patientIDs', anyId),
    sessionIDs: idArray('sessionIDs', anyId.brand<'SessionId'>()),
    subSessionIDs: idArray('subSessionIDs', anyId.brand<'SubSessionId'>()),
    clinicianIDs: idArray('clinicianIDs', anyId),
    metrics: z
      .array(metricSchema, { error: 'metrics must have at least one metric' })
      .min(1, 'metrics must have at least one metric'),
    report_type: z.enum(REPORT_TYPES, { error: 'report_type not specified' }),
    xAxisType: z.enum(X_AXIS_TYPES).default('SessionNumber'),
    /** The asking device's IANA time zone: the report writes every time in it, offset beside (UTC if unknown). */
    timeZone: z.string().max(64).optional(),
  })
  .refine((r) => r.subSessionIDs.length > 0, {
    message: 'subSessionIDs must have at least one session',
    path: ['subSessionIDs'],
  })
  .refine((r) => r.report_type !== 'session' || r.subSessionIDs.length === 1, {
    message: 'A session report needs exactly one session',
    path: ['subSessionIDs'],
  })
  // The wire's parallel arrays become one reference per recording (sessionIDs may be shorter or absent: the sub-session
  // alone names the recording, and a SessionID given beside it must be its session).
  .transform(({ sessionIDs, subSessionIDs, ...rest }) => ({
    ...rest,
    sessions: subSessionIDs.map((subSessionId, i): ReportSessionRef => ({ subSessionId, sessionId: sessionIDs[i] })),
  }));
export type ReportRequestInput = z.input<typeof reportRequestSchema>;
