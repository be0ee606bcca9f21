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

/** The clinician filter's choices: every clinician of the listed sessions, namesakes told apart. */
export function clinicianOptions(rows: readonly Session[]): Option[] {
  const found = new Map<string, string>();
  for (const session of rows)
    if (!found.has(session.ClinicianID)) found.set(session.ClinicianID, session.ClinicianName);
  return tellNamesakesApart(
    [...found].map(([id, label]) => ({ id, label })),
    rows,
  ).sort(byLabel);
}

/**
 * Clinicians who share a name, labelled with the clinics of their sessions ('Ines Navarro — Riverside'), as every
 * picker of people tells them apart. Namesakes are rare: only then are the rows read again, for theirs alone.
 */
export function tellNamesakesApart(options: readonly Option[], rows: readonly Session[]): Option[] {
  const perName = new Map<string, number>();
  for (const { label } of options) perName.set(label, (perName.get(label) ?? 0) + 1);
  const namesakes = new Map(
    options.filter((o) => (perName.get(o.label) ?? 0) > 1).map((o) => [o.id, new Set<string>()]),
  );
  if (namesakes.size === 0) return [...options];
  for (const session of rows) if (session.ClinicName) namesakes.get(session.ClinicianID)?.add(session.ClinicName);
  return options.map((option) => {
    const clinics = namesakes.get(option.id);
    if (!clinics) return option;
    return { id: option.id, label: `${option.label} — ${[...clinics].sort().join(', ') || 'No clinic'}` };
  });
}
