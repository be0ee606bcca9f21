import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import {
  baseVersion,
  clientId,
  credentials,
  email,
  idList,
  birthDate,
  optionalText,
  positiveMeasure,
  requiredText,
} from './fields.ts';

const SEXES = ['Female', 'Male', 'Other'] as const;
/** 'Not Specified' is sent as empty (docs/spec.md §3). */
const sexSchema = z
  .union([z.enum(SEXES), z.literal(''), z.literal('Not Specified')], {
    error: 'Sex must be Female, Male, Other or empty',
  })
  .optional()
  .transform((s) => (s === undefined || s === 'Not Specified' ? '' : s));

/** Codes are sent as null when empty or 'N/A' (docs/spec.md §5). */
const codes = (label: string) => idList(label);

const patientFields = {
  UserType: userTypeSchema.optional(),
  Forename: optionalText('Forename'),
  Surname: optionalText('Surname'),
  Email: email('Email'),
  ...credentials,
  GroupName: optionalText('GroupName').transform((g) => (g === '' ? 'Patients' : g)),
  DOB: birthDate('Date of Birth'),
  Sex: sexSchema,
  /**
   * Centimetres. 20 cm is below any newborn; 260 cm is above the tallest living people (Sultan Kösen, 251 cm), so a
   * 300 cm height is a typing or unit error, not a patient.
   */
  Height: positiveMeasure('Height', { min: 20, max: 260, unit: 'cm' }),
  /**
   * Kilograms. 0.2 kg is below any viable newborn (extremely low birth weight begins under 1 kg); 350 kg is above the
   * patients who walk in a gait laboratory, and catches most weights typed in pounds into the kilogram field.
   */
  Weight: positiveMeasure('Weight', { min: 0.2, max: 350, unit: 'kg' }),
  Notes: optionalText('Notes', 5000),
  ClinicIDs: idList('ClinicIDs'),
  ClinicianIDs: idList('ClinicianIDs'),
  ICD: codes('ICD'),
  ICF: codes('ICF'),
  /** One ICF qualifier per chosen ICF, comma-joined; blanks allowed until rated. */
  Ratings: z
    .union([z.string().max(500, 'Ratings is too long'), z.array(z.string().max(5, 'Ratings is too long')), z.null()])
    .optional()
    .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? null))),
  Miscs: codes('Miscs'),
};

export const addPatientSchema = z.object({
  ...patientFields,
  /** The clinic's own patient id, shown as 'Patient ID'. */
  ID: requiredText('Patient ID', 50),
  UniquePatientID: clientId,
  Application: optionalText('Application'),
});

export const updatePatientSchema = z.object({
  ...patientFields,
  ID: requiredText('ID'),
  GivenPatientID: requiredText('Patient ID', 50),
  DateModified: baseVersion,
});

export const removePatientSchema = z.object({
  UserType: userTypeSchema.optional(),
  PatientID: requiredText('PatientID'),
  ClinicianID: z.string().optional(),
  ClinicID: z.string().optional(),
});
