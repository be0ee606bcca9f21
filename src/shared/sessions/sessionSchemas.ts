import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { requiredText } from '../records/fields.ts';
import { pageQueryFields } from '../records/paging.ts';
import { modifiedSinceSchema } from '../records/sync.ts';
import {
  FILE_UPLOAD_TYPE_OPTIONS,
  SESSION_FILE_TYPES,
  VIDEO_UPLOAD_TYPE_OPTIONS,
  type SessionFileKind,
} from './sessionFiles.ts';
import { sessionIdField, subSessionIdField } from '../ids/idSchemas.ts';

/** Requests and answers of the session calls (docs/api-sessions.md); messages follow the specification's (docs/spec.md) patterns (§5). */
export const listSessionsQuerySchema = z.object({
  UserType: userTypeSchema.optional(),
  modifiedSince: modifiedSinceSchema,
  ...pageQueryFields,
});

export const patientSessionsQuerySchema = z.object({ UserType: userTypeSchema.optional(), id: requiredText('id') });

/** One session's sub-sessions, by its SessionID: what a page opened from a link needs before the lists have synced. */
export const sessionQuerySchema = z.object({ UserType: userTypeSchema.optional(), id: sessionIdField('id') });

const sessionCount = (label: string) =>
  z.coerce
    .number({ error: `${label} not specified` })
    .refine((n) => Number.isFinite(n), `${label} not specified`)
    .refine((n) => n >= 0, `${label} cannot be negative`)
    .refine((n) => n !== 0, `${label} cannot be 0`)
    .refine((n) => Number.isInteger(n), `${label} must be a whole number`)
    .refine((n) => n <= 1_000_000, `${label} is too large`);

/** FileUploadIDs are made by the client from the time and a random number (docs/spec.md §7). */
const fileUploadIdSchema = z
  .string({ error: 'FileUploadID not specified' })
  .trim()
  .max(100, 'FileUploadID is too long')
  .regex(/^[A-Za-z0-9_.-]*$/, 'FileUploadID may hold only letters, digits, ".", "_" and "-"');

const isoDateTime = z
  .string({ error: 'DateTime not specified' })
  .trim()
  .min(1, 'DateTime not specified')
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'DateTime must be an ISO date and time (YYYY-MM-DDTHH:mm)')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'DateTime is not a real date and time')
  .transform((s) => new Date(s).toISOString());

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

export const addSessionSchema = z.object({
  UserType: userTypeSchema.optional(),
  SessionNumber: sessionCount('SessionNumber'),
  SubSessionNumber: sessionCount('SubSessionNumber').optional().default(1),
  UniquePatientID: requiredText('UniquePatientID'),
  ClinicianID: requiredText('ClinicianID'),
  TestID: requiredText('TestID', 20),
  DateTime: isoDateTime,
  FileUploadID: fileUploadIdSchema.optional().default(''),
  FileUploadTypeOptions: z
    .enum(FILE_UPLOAD_TYPE_OPTIONS, { error: `FileUploadTypeOptions should be ${FILE_UPLOAD_TYPE_OPTIONS.join(', ')}` })
    .optional()
    .default('None'),
  VideoUploadTypeOptions: z
    .enum(VIDEO_UPLOAD_TYPE_OPTIONS, {
      error: `VideoUploadTypeOptions should be ${VIDEO_UPLOAD_TYPE_OPTIONS.join(', ')}`,
    })
    .optional()
    .default('None'),
  /** 'Link to session with same session number' (docs/spec.md §9), on by default. */
  AppendToExistingSessionIfFound: flag.optional().default(true),
});

/** Which of two videos sent for VideoUploadTypeOptions 'Both' is which; see docs/api-sessions.md. */
export const VIDEO_KINDS = ['Blurred', 'Unblurred'] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];

export const sendFileQuerySchema = z.object({
  UserType: userTypeSchema.optional(),
  FileUploadID: fileUploadIdSchema.min(1, 'FileUploadID not specified'),
  FileName: z.string().max(255, 'FileName is too long').optional(),
  VideoKind: z.enum(VIDEO_KINDS, { error: 'VideoKind should be Blurred or Unblurred' }).optional(),
});

export const uploadSessionFileQuerySchema = z.object({
  UserType: userTypeSchema.optional(),
  SessionID: sessionIdField(),
  SubSessionID: subSessionIdField(),
  SessionFileType: z.enum(SESSION_FILE_TYPES, { error: `SessionFileType should be ${SESSION_FILE_TYPES.join(', ')}` }),
  /** The file staged under this id (a resumable upload) instead of a request body: what the outbox sends. */
  FileUploadID: fileUploadIdSchema.min(1, 'FileUploadID not specified').optional(),
});

export const removeSessionSchema = z.object({
  UserType: userTypeSchema.optional(),
  SessionID: sessionIdField(),
  SubSessionID: subSessionIdField(),
});

/** What an uploaded file was recognised as, by its content (never by its name). */
export const UPLOAD_CONTENT_KINDS = ['jointData', 'gaitMetrics', 'clinicFormat', 'video', 'motion'] as const;
export type UploadContentKind = (typeof UPLOAD_CONTENT_KINDS)[number] & SessionFileKind;

/** Content types an upload may be sent with; the content itself decides what the file is. */
export const UPLOAD_CONTENT_TYPES = [
  'application/octet-stream',
  'video/mp4',
  'text/plain',
  'application/json',
] as const;
