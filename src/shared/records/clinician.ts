import type { DeltaFields } from './sync.ts';

/** A clinician as the API returns it (spec §3). */
export type Clinician = {
  ClinicianID: string;
  Forename: string;
  Surname: string;
  ContactNumber: string;
  Email: string;
  Username: string;
  PasswordHint: string;
  ClinicIDs: string;
  ClinicNames: string;
  /** Set by the admin: may watch unblurred video (spec §6 video rule). */
  ElevatedAccess: boolean;
  DateModified: string;
};

export type CliniciansResponse = { clinicians: Clinician[] };

export type ClinicianListResponse = CliniciansResponse & DeltaFields;
