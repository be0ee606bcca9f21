import type { z } from 'zod';

/**
 * Record ids, branded so that one kind cannot be passed where another is meant: a patient's id given as a
 * sub-session's is a type error, not a 404 found in the field. The brand is zod's, so `z.string().brand<'SessionId'>()`
 * parses into the same type; at run time every id is still the plain string the API sends (docs/spec.md §3).
 */
export type PatientId = string & z.$brand<'PatientId'>;
export type SessionId = string & z.$brand<'SessionId'>;
export type SubSessionId = string & z.$brand<'SubSessionId'>;
export type ClinicianId = string & z.$brand<'ClinicianId'>;
export type ClinicId = string & z.$brand<'ClinicId'>;

/**
 * One recording named as one value. The spec's report request sends sessions as two parallel arrays (sessionIDs[i]
 * belongs to subSessionIDs[i]); the server pairs them once at its edge (reportRequest.ts) and passes these on.
 */
export type SessionRef = { sessionId: SessionId; subSessionId: SubSessionId };

/**
 * A string taken as an id of one kind where no schema parsed it: a fresh UUID, a route's path segment, a row of a
 * table whose column is not branded. Each call is the one place that decides what the string names.
 */
export const asPatientId = (raw: string) => raw as PatientId;
export const asSessionId = (raw: string) => raw as SessionId;
export const asSubSessionId = (raw: string) => raw as SubSessionId;
export const asClinicianId = (raw: string) => raw as ClinicianId;
export const asClinicId = (raw: string) => raw as ClinicId;
