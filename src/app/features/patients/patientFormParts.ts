import type { PatientFormValues } from './patientForm.ts';

/** What each group of fields gets: the form's values and a way to change some of them. */
export type FieldGroupProps = {
  values: PatientFormValues;
  onChange: (change: Partial<PatientFormValues>) => void;
};
