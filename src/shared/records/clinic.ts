import type { DeltaFields } from './sync.ts';

/** Clinic types and the groups they map to (spec §9). */
export const CLINIC_GROUPS = { Medical: 'Medical', Developer: 'Developers', Gym: 'Gyms' } as const;
export type ClinicType = keyof typeof CLINIC_GROUPS;
export type ClinicGroup = (typeof CLINIC_GROUPS)[ClinicType];

/** A clinic as the API returns it (spec §3). */
export type Clinic = {
  ClinicID: string;
  Name: string;
  Address: string;
  ContactForename: string;
  ContactSurname: string;
  ContactNumber: string;
  ContactEmail: string;
  group: ClinicGroup;
  AdminUsername: string;
  AdminHint: string;
  Notes: string;
  DateModified: string;
};

export type ClinicsResponse = { clinics: Clinic[] };

export type ClinicListResponse = ClinicsResponse & DeltaFields;
