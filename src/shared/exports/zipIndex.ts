import { csvText } from './csvText.ts';

/** One session's files in a zip of several sessions. */
export type ZipIndexEntry = {
  givenPatientId: string;
  sessionNumber: number;
  subSessionNumber: number;
  /** ISO 8601 date and time. */
  dateTime: string;
  testName: string;
  /** The session's paths inside the zip, named by sessionFileName. */
  files: readonly string[];
};

export const ZIP_INDEX_HEADER = ['patient_id', 'session', 'sub_session', 'date_time', 'test', 'file'] as const;

/**
 * index.csv of a zip of several sessions: one row per file, saying which patient and session it belongs to, so that
 * the zip can be read without the portal (its entries are named by patient id and session numbers, never UUIDs).
 */
export function zipIndexCsv(entries: readonly ZipIndexEntry[]): string {
  const rows = entries.flatMap((e) =>
    e.files.map((file) => [e.givenPatientId, e.sessionNumber, e.subSessionNumber, e.dateTime, e.testName, file]),
  );
  return csvText(ZIP_INDEX_HEADER, rows);
}
