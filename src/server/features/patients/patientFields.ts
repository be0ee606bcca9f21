import type { z } from 'zod';
import type { addPatientSchema } from '#shared/records/patientSchemas';
import type { PatientTable } from '#server/db/schema';
import { checkedCodes, checkedRatings } from '#server/records/codeChecks';

type PatientInput = z.output<typeof addPatientSchema>;

/** The stored columns a patient form sets (docs/spec.md §3): heights in cm, weights in kg, codes checked against the lists. */
export function patientColumns(input: Omit<PatientInput, 'ID' | 'UniquePatientID' | 'Application'>) {
  const icf = checkedCodes('ICF', input.ICF);
  return {
    forename: input.Forename,
    surname: input.Surname,
    email: input.Email,
    password_hint: input.PasswordHint,
    group_name: input.GroupName,
    dob: input.DOB,
    sex: input.Sex,
    height_cm: input.Height,
    weight_kg: input.Weight,
    notes: input.Notes,
    icd: checkedCodes('ICD', input.ICD),
    icf,
    ratings: checkedRatings(input.Ratings, input.ICF.length),
    miscs: checkedCodes('Miscs', input.Miscs),
  } satisfies Partial<PatientTable>;
}
