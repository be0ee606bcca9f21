import type { GaitAnalysis } from '../gait/gaitResult.ts';

/**
 * One sub-session to export: who and when (the patient's given id, never the portal's internal ids) and the engine's
 * analysis of its joint data.
 */
export type SessionExport = {
  givenPatientId: string;
  sessionNumber: number;
  subSessionNumber: number;
  /** ISO 8601 date and time of the session. */
  dateTime: string;
  analysis: GaitAnalysis;
};

/** The columns that say which session a row belongs to, first in every CSV. */
export const SESSION_COLUMNS = ['patient_id', 'session', 'sub_session', 'date_time'] as const;

export const sessionCells = (s: SessionExport) => [s.givenPatientId, s.sessionNumber, s.subSessionNumber, s.dateTime];
