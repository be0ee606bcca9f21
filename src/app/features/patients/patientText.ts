import { MESSAGES } from '#shared/messages';
import { deleteTargetText } from '#app/components/ui/deleteConfirmation';
import { personName } from '#shared/records/personName';

/** The forename studies give participants who must stay unnamed (docs/spec.md §2: shown as 'Anonymous'). */
const ANONYMOUS_FORENAME = 'ANONYMOUS';

/** docs/spec.md §3: Age is the elapsed time since birth divided by 31557600000 ms (a Julian year). */
export const MS_PER_YEAR = 31_557_600_000;

type Named = { Forename: string; Surname: string };

/** The name as lists show it: 'Unnamed Patient' when there is none (docs/spec.md §2). */
export function patientName(patient: Named): string {
  return personName(patient.Forename, patient.Surname, MESSAGES.unnamedPatient);
}

/** The name in the expanded row: study participants stay 'Anonymous' (docs/spec.md §2). */
export function shownPatientName(patient: Named): string {
  return patient.Forename === ANONYMOUS_FORENAME ? MESSAGES.anonymous : patientName(patient);
}

/** Whole years of age, or undefined without a usable date of birth. */
export function ageInYears(dob: string | null | undefined, now: number): number | undefined {
  const birth = birthTime(dob);
  return birth === undefined ? undefined : Math.floor((now - birth) / MS_PER_YEAR);
}

export function birthTime(dob: string | null | undefined): number | undefined {
  if (!dob) return undefined;
  const time = Date.parse(dob);
  return Number.isNaN(time) ? undefined : time;
}

/** 'Not Specified' is stored as empty (docs/spec.md §3). */
export function sexLabel(sex: string): string {
  return sex === '' ? 'Not Specified' : sex;
}

/** Lists are read as ', ' separated (docs/spec.md §3); codes may also arrive ',' separated. */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '' && item !== 'N/A');
}

/** What the delete confirmation asks to type (docs/spec.md §4): the name, or the given patient id when there is none. */
export function patientDeleteTarget(patient: Named & { GivenPatientID: string }): string {
  return deleteTargetText(patient.Forename, patient.Surname, patient.GivenPatientID);
}
