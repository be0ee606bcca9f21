import type { UserType } from '#shared/auth/userTypes';
import {
  CM_PER_FOOT,
  CM_PER_INCH,
  cmToFeetInches,
  convertWeight,
  defaultUnits,
  feetInchesToCm,
  KG_PER_POUND,
  kgToPounds,
  poundsToKg,
  round4,
  type HeightUnit,
  type WeightUnit,
} from '#shared/units';
import type { Credentials } from '#app/components/ui/CredentialFields';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { splitList } from './patientText.ts';

/** The Sex choices (docs/spec.md §3); 'Not Specified' is sent as empty. */
export const SEX_CHOICES = ['Female', 'Male', 'Other', 'Not Specified'] as const;

/** `stored` is the record's own value (cm, kg) when the form was opened on a record. */
export type HeightInput = { unit: HeightUnit; cm: number; feet: number; inches: number; stored?: number };
export type WeightInput = { unit: WeightUnit; value: number; stored?: number };

export type PatientFormValues = {
  givenId: string;
  forename: string;
  surname: string;
  email: string;
  /** ISO date, or null while incomplete. */
  dob: string | null;
  sex: (typeof SEX_CHOICES)[number];
  height: HeightInput;
  weight: WeightInput;
  notes: string;
  clinicIds: string[];
  clinicianIds: string[];
  icd: string[];
  icf: string[];
  /** One per ICF, in the same order; '' until rated. */
  ratings: string[];
  miscs: string[];
  credentials: Credentials;
};

/** Who may choose what (docs/spec.md §5/§6): clinics for admin and clinician, clinicians for clinic and admin. */
export const choosesClinics = (type: UserType) => type === 'admin' || type === 'clinician';
export const choosesClinicians = (type: UserType) => type === 'admin' || type === 'clinic';

const toSex = (sex: string): PatientFormValues['sex'] =>
  sex === 'Female' || sex === 'Male' || sex === 'Other' ? sex : 'Not Specified';

/** A new patient starts at height 0 and weight 0, sex 'Not Specified' (docs/spec.md §9); units follow the locale (docs/spec.md §5). */
export function initialPatientValues(
  patient: MirroredPatient | undefined,
  locale: string | undefined,
): PatientFormValues {
  const units = defaultUnits(locale);
  const cm = patient?.Height ?? 0;
  const { feet, inches } = cmToFeetInches(cm);
  const icf = splitList(patient?.ICF);
  const ratings = splitList(patient?.Ratings);
  return {
    givenId: patient?.GivenPatientID ?? '',
    forename: patient?.Forename ?? '',
    surname: patient?.Surname ?? '',
    email: patient?.Email ?? '',
    dob: patient?.DOB?.slice(0, 10) ?? null,
    sex: toSex(patient?.Sex ?? ''),
    height: { unit: units.height, cm, feet, inches, ...(patient ? { stored: cm } : {}) },
    weight: {
      unit: units.weight,
      value: units.weight === 'lb' ? kgToPounds(patient?.Weight ?? 0) : (patient?.Weight ?? 0),
      ...(patient ? { stored: patient.Weight } : {}),
    },
    notes: patient?.Notes ?? '',
    clinicIds: splitList(patient?.ClinicIDs),
    clinicianIds: splitList(patient?.ClinicianIDs),
    icd: splitList(patient?.ICD),
    icf,
    ratings: icf.map((_, i) => ratings[i] ?? ''),
    miscs: splitList(patient?.Miscs),
    credentials: { enabled: false, username: patient?.Username ?? '', password: '', hint: patient?.PasswordHint ?? '' },
  };
}

/** Switching the height unit converts the shown value, rounded to 4 decimals (docs/spec.md §5). */
export function withHeightUnit(height: HeightInput, unit: HeightUnit): HeightInput {
  if (unit === height.unit) return height;
  if (unit === 'cm') return { ...height, unit, cm: feetInchesToCm(height) };
  return { ...height, unit, ...cmToFeetInches(height.cm) };
}

export function withWeightUnit(weight: WeightInput, unit: WeightUnit): WeightInput {
  return { ...weight, unit, value: convertWeight(weight.value, weight.unit, unit) };
}

/**
 * What is stored: centimetres and kilograms unrounded (the database keeps doubles), so a value entered in feet and
 * inches or pounds comes back as entered: 150 lb is 68.0388555 kg, which reads as 150 lb again; rounded to
 * 68.0389 kg it would read 150.0003 lb. The 4-decimal rounding of docs/spec.md §5 is for what a unit change shows.
 * A value the user left as it was shown is sent as the record holds it: 170 cm shown as 5 ft 6.9291 in must not
 * come back as 169.99991 cm from an edit of the notes.
 */
export function heightInCm(height: HeightInput): number {
  if (height.stored !== undefined && showsHeight(height, height.stored)) return height.stored;
  return height.unit === 'cm' ? height.cm : height.feet * CM_PER_FOOT + height.inches * CM_PER_INCH;
}

export function weightInKg(weight: WeightInput): number {
  if (weight.stored !== undefined && showsWeight(weight, weight.stored)) return weight.stored;
  return weight.unit === 'kg' ? weight.value : weight.value * KG_PER_POUND;
}

/** Whether the form shows `cm` as it would after opening the record or changing the unit. */
function showsHeight(height: HeightInput, cm: number): boolean {
  if (height.unit === 'cm') return [cm, round4(cm), feetInchesToCm(cmToFeetInches(cm))].includes(height.cm);
  const shown = cmToFeetInches(cm);
  return height.feet === shown.feet && height.inches === shown.inches;
}

function showsWeight(weight: WeightInput, kg: number): boolean {
  if (weight.unit === 'lb') return weight.value === kgToPounds(kg);
  return [kg, round4(kg), poundsToKg(kgToPounds(kg))].includes(weight.value);
}

/** Choosing ICFs resets the ratings to one blank entry per ICF (docs/spec.md §4). */
export function withIcfs(values: PatientFormValues, icf: string[]): PatientFormValues {
  return { ...values, icf, ratings: icf.map(() => '') };
}
