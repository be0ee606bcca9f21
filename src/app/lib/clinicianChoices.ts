import { MESSAGES } from '#shared/messages';
import type { Clinician } from '#shared/records/clinician';
import { personName } from '#shared/records/personName';
import type { Option } from '#app/components/ui/options';

type Chosen = Pick<Clinician, 'ClinicianID' | 'Forename' | 'Surname' | 'ClinicNames' | 'Username' | 'Email'>;

/**
 * Clinicians as a picker offers them, sorted: the name, then what tells namesakes apart (docs/spec.md §2 Add and
 * edit dialogs): the clinics, '(No Associated Clinic)' for none, and the username where there is one. Two that still
 * read the same (same clinics, no login) are told apart by their email.
 */
export function clinicianChoices(clinicians: readonly Chosen[]): Option[] {
  const labelled = clinicians.map((c) => {
    const clinics = c.ClinicNames || MESSAGES.noAssociatedClinic;
    const label = `${personName(c.Forename, c.Surname, MESSAGES.unnamedClinician)} — ${clinics}`;
    return { clinician: c, label: c.Username ? `${label} (${c.Username})` : label };
  });
  const seen = new Map<string, number>();
  for (const { label } of labelled) seen.set(label, (seen.get(label) ?? 0) + 1);
  return labelled
    .map(({ clinician, label }) => ({
      id: clinician.ClinicianID,
      label: (seen.get(label) ?? 0) > 1 && clinician.Email ? `${label} · ${clinician.Email}` : label,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
