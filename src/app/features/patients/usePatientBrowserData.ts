import { useMemo } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { personName } from '#shared/records/personName';
import type { Option } from '#app/components/ui/options';
import { clinicianChoices as clinicianChoicesOf } from '#app/lib/clinicianChoices';
import { useMirrorRows } from '#app/lib/mirror/mirrorRows';
import { useMirrorSync } from '#app/lib/mirror/sync';
import { usePatientsWithPending } from '#app/lib/mirror/usePendingPatients';
import { linkedOptions } from './filterOptions.ts';
import { choosesClinicians, choosesClinics } from './patientForm.ts';

/**
 * Everything the patient browser reads, from the mirror: the patients, and the clinics and clinicians this role
 * may list (for the pickers and the filter labels). Each list is kept in step by its own sync query.
 */
export function usePatientBrowserData(type: UserType) {
  const sync = useMirrorSync('patients');
  useMirrorSync('clinics', { enabled: choosesClinics(type) });
  useMirrorSync('clinicians', { enabled: choosesClinicians(type) });
  const mirrored = useMirrorRows('patients');
  const clinics = useMirrorRows('clinics').rows;
  const clinicians = useMirrorRows('clinicians').rows;
  const names = useMemo(
    () => ({
      clinics: new Map(clinics.map((c) => [c.ClinicID, c.Name])),
      clinicians: new Map(
        clinicians.map((c) => [c.ClinicianID, personName(c.Forename, c.Surname, MESSAGES.unnamedClinician)]),
      ),
    }),
    [clinics, clinicians],
  );
  // Patients added on this device and not sent yet are listed too, marked (docs/design.md Data flow 5).
  const withPending = usePatientsWithPending(mirrored.rows, names);
  const patients = { ready: mirrored.ready, rows: withPending.rows };

  const clinicChoices = useMemo<Option[]>(
    () => clinics.map((c) => ({ id: c.ClinicID, label: c.Name })).sort((a, b) => a.label.localeCompare(b.label)),
    [clinics],
  );
  const clinicianChoices = useMemo(() => clinicianChoicesOf(clinicians), [clinicians]);
  const clinicFilterOptions = useMemo(
    () =>
      linkedOptions(
        patients.rows,
        (p) => p.ClinicIDs,
        (p) => p.ClinicNames,
        clinicChoices,
      ),
    [patients.rows, clinicChoices],
  );
  const clinicianFilterOptions = useMemo(
    () =>
      linkedOptions(
        patients.rows,
        (p) => p.ClinicianIDs,
        (p) => p.Clinicians,
        // The filter tells namesakes apart as the form's picker does.
        clinicianChoices,
      ),
    [patients.rows, clinicianChoices],
  );

  return {
    sync,
    patients,
    pendingIds: withPending.pendingIds,
    clinicChoices,
    clinicianChoices,
    clinicFilterOptions,
    clinicianFilterOptions,
  };
}
