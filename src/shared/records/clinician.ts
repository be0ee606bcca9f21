import { z } from 'zod';

/** A clinician as the API returns it (docs/spec.md §3). */
export const clinicianSchema = z
  .object({
    ClinicianID: z.string().brand<'ClinicianId'>(),
    Forename: z.string(),
    Surname: z.string(),
    ContactNumber: z.string(),
    Email: z.string(),
    Username: z.string(),
    PasswordHint: z.string(),
    ClinicIDs: z.string(),
    ClinicNames: z.string(),
    /** Set by the admin: may watch unblurred video (docs/spec.md §6 video rule). */
    ElevatedAccess: z.boolean(),
    DateModified: z.string(),
  })
  .meta({ id: 'Clinician' });
export type Clinician = z.infer<typeof clinicianSchema>;
