import { z } from 'zod';

/** Clinic types and the groups they map to (docs/spec.md §9). */
export const CLINIC_GROUPS = { Medical: 'Medical', Developer: 'Developers', Gym: 'Gyms' } as const;
export type ClinicType = keyof typeof CLINIC_GROUPS;
export type ClinicGroup = (typeof CLINIC_GROUPS)[ClinicType];

/** A clinic as the API returns it (docs/spec.md §3). */
export const clinicSchema = z
  .object({
    ClinicID: z.string().brand<'ClinicId'>(),
    Name: z.string(),
    Address: z.string(),
    ContactForename: z.string(),
    ContactSurname: z.string(),
    ContactNumber: z.string(),
    ContactEmail: z.string(),
    group: z.enum(CLINIC_GROUPS),
    AdminUsername: z.string(),
    AdminHint: z.string(),
    Notes: z.string(),
    DateModified: z.string(),
  })
  .meta({ id: 'Clinic' });
export type Clinic = z.infer<typeof clinicSchema>;
