import { z } from 'zod';

/** The product's fixed Application identifier on patient records (docs/spec.md §3), used when a client sends none. */
export const APPLICATION_ID = 'GaitPortal';

/** A patient as the API returns it (docs/spec.md §3). Lists are ', ' joined strings, as the specification (docs/spec.md) reads them. */
export const patientSchema = z
  .object({
    UniquePatientID: z.string().brand<'PatientId'>(),
    GivenPatientID: z.string(),
    Forename: z.string(),
    Surname: z.string(),
    Email: z.string(),
    Username: z.string(),
    PasswordHint: z.string(),
    GroupName: z.string(),
    DOB: z.string().nullable(),
    Sex: z.string(),
    Height: z.number().describe('centimetres'),
    Weight: z.number().describe('kilograms'),
    Notes: z.string(),
    ClinicIDs: z.string(),
    ClinicNames: z.string(),
    ClinicianIDs: z.string(),
    Clinicians: z.string(),
    Application: z.string(),
    ICD: z.string().nullable(),
    ICF: z.string().nullable(),
    Ratings: z.string().nullable(),
    Miscs: z.string().nullable(),
    ReadOnly: z.boolean(),
    DateModified: z.string(),
    /** Recorded sessions of the patient and the date of the latest, for the patient browser's expanded row. */
    SessionCount: z.number().int(),
    LatestSessionDate: z.string().nullable(),
  })
  .meta({ id: 'Patient' });
export type Patient = z.infer<typeof patientSchema>;
