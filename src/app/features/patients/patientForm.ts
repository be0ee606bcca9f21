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
  type HeightUnit,
  type WeightUnit,
} from '#shared/units';
import type { Credentials } from '#app/components/ui/CredentialFields';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { splitList } from './patientText.ts';

/** The Sex choices (docs/spec.md §3); 'Not Specified' is sent as empty. */
export const SEX_CHOICES = ['Female', 'Male', 'Other', 'Not Specified'] as const;

export type HeightInput = { unit: HeightUnit; cm: number; feet: number; inches: number };
export type WeightInput = { unit: WeightUnit; value: number };

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
    height: { unit: units.height, cm, feet, inches },
    weight: {
      unit: units.weight,
      value: units.weight === 'lb' ? kgToPounds(patient?.Weight ?? 0) : (patient?.Weight ?? 0),
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
  return { unit, value: convertWeight(weight.value, weight.unit, unit) };
}

/**
 * What is stored: centimetres and kilograms unrounded (the database keeps doubles), so a value entered in feet and
 * inches or pounds comes back as entered: 150 lb is 68.0388555 kg, which reads as 150 lb again; rounded to
 * 68.0389 kg it would read 150.0003 lb. The 4-decimal rounding of docs/spec.md §5 is for what a unit change shows.
 */
export function heightInCm(height: HeightInput): number {
  return height.unit === 'cm' ? height.cm : height.feet * CM_PER_FOOT + height.inches * CM_PER_INCH;
}

export function weightInKg(weight: WeightInput): number {
  return weight.unit === 'kg' ? weight.value : weight.value * KG_PER_POUND;
}

/** Choosing ICFs resets the ratings to one blank entry per ICF (docs/spec.md §4). */
export function withIcfs(values: PatientFormValues, icf: string[]): PatientFormValues {
  return { ...values, icf, ratings: icf.map(() => '') };
}
