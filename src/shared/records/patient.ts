import type { DeltaFields } from './sync.ts';

/** The product's fixed Application identifier on patient records (spec §3), used when a client sends none. */
export const APPLICATION_ID = 'GaitPortal';

/** A patient as the API returns it (spec §3). Lists are ', ' joined strings, as the spec reads them. */
export type Patient = {
  UniquePatientID: string;
  GivenPatientID: string;
  Forename: string;
  Surname: string;
  Email: string;
  Username: string;
  PasswordHint: string;
  GroupName: string;
  DOB: string | null;
  Sex: string;
  Height: number;
  Weight: number;
  Notes: string;
  ClinicIDs: string;
  ClinicNames: string;
  ClinicianIDs: string;
  Clinicians: string;
  Application: string;
  ICD: string | null;
  ICF: string | null;
  Ratings: string | null;
  Miscs: string | null;
  ReadOnly: boolean;
  DateModified: string;
  /** Recorded sessions of the patient and the date of the latest, for the patient browser's expanded row. */
  SessionCount: number;
  LatestSessionDate: string | null;
};

export type PatientsResponse = { patients: Patient[] };

export type PatientListResponse = PatientsResponse & DeltaFields;
