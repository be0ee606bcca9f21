import type { Option, TreeOption } from '#app/components/ui/options';
import type { Session } from '#shared/sessions/session';
import { patientNameAndGivenId } from '#shared/sessions/session';

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

/** Branch ids cannot clash with patient ids (UUIDs): the tree's value holds leaves only. */
export const CLINIC_BRANCH_PREFIX = 'clinic:';

/**
 * The patient filter's tree (docs/spec.md §2): the patients of the listed sessions under their clinic. A patient seen in
 * two clinics sits under the clinic of the first session seen, as a tree item can appear only once. `extra` adds
 * a patient with no listed session (a ?patient= link to a patient without sessions), so its chip has a name.
 */
export function patientTree(
  rows: readonly Session[],
  extra: readonly { id: string; label: string }[] = [],
): TreeOption[] {
  const clinicOf = new Map<string, string>();
  const labels = new Map<string, string>();
  for (const session of rows) {
    if (labels.has(session.UniquePatientID)) continue;
    labels.set(session.UniquePatientID, patientNameAndGivenId(session));
    clinicOf.set(session.UniquePatientID, session.ClinicName);
  }
  for (const patient of extra) {
    if (labels.has(patient.id)) continue;
    labels.set(patient.id, patient.label);
    clinicOf.set(patient.id, '');
  }
  const clinics = new Map<string, TreeOption[]>();
  for (const [id, label] of labels) {
    const clinic = clinicOf.get(id) ?? '';
    const leaves = clinics.get(clinic) ?? [];
    leaves.push({ id, label });
    clinics.set(clinic, leaves);
  }
  return [...clinics]
    .map(([clinic, children]) => ({
      id: `${CLINIC_BRANCH_PREFIX}${clinic}`,
      label: clinic || 'No clinic',
      children: children.sort(byLabel),
    }))
    .sort(byLabel);
}

/** The clinician filter's choices: every clinician of the listed sessions. */
export function clinicianOptions(rows: readonly Session[]): Option[] {
  const found = new Map<string, string>();
  for (const session of rows)
    if (!found.has(session.ClinicianID)) found.set(session.ClinicianID, session.ClinicianName);
  return [...found].map(([id, label]) => ({ id, label })).sort(byLabel);
}
