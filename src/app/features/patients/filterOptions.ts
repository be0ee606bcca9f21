import type { Option } from '#app/components/ui/options';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { splitList } from './patientText.ts';

export type NamedRecord = { id: string; label: string };

/**
 * Clinic or clinician choices for the filters: every one that occurs on the patients shown, so a clinician sees
 * exactly the clinics of the patients in scope. Labels come from the mirrored list where this role may read it,
 * otherwise from the names the patient record carries beside the ids.
 */
export function linkedOptions(
  rows: readonly MirroredPatient[],
  ids: (p: MirroredPatient) => string | null,
  names: (p: MirroredPatient) => string | null,
  known: readonly NamedRecord[],
): Option[] {
  const labels = new Map(known.map((record) => [record.id, record.label]));
  const found = new Map<string, string>();
  const named = (id: string) => found.has(id) && found.get(id) !== id;
  for (const patient of rows) {
    const idList = splitList(ids(patient));
    if (idList.every(named)) continue;
    const nameList = (names(patient) ?? '').split(', ');
    // Names pair with ids only when no name holds the separator; otherwise the id stands in until one does.
    const paired = nameList.length === idList.length;
    idList.forEach((id, i) => {
      if (!named(id)) found.set(id, labels.get(id) ?? (paired ? (nameList[i] ?? id) : id));
    });
  }
  return [...found].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
}
