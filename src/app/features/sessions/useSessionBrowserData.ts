import { useMemo } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import type { Option } from '#app/components/ui/options';
import { useMirrorRows } from '#app/lib/mirror/mirrorRows';
import { useMirrorSync } from '#app/lib/mirror/sync';
import { personName } from '#shared/records/personName';
import { clinicianOptions, patientTree } from './filterChoices.ts';
import { numberBounds } from './sliderBounds.ts';

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/**
 * Everything the session browser reads, from the mirror: the sessions this role may see and, for the admin's Add
 * Session dialog, the patients and clinicians to choose from. The filter choices come from the sessions themselves.
 */
export function useSessionBrowserData(type: UserType, linkedPatientId: string | undefined) {
  const isAdmin = type === 'admin';
  const sync = useMirrorSync('sessions');
  useMirrorSync('patients', { enabled: isAdmin });
  useMirrorSync('clinicians', { enabled: isAdmin });
  const sessions = useMirrorRows('sessions');
  // Staff have the patients mirrored by the patient browser: enough to name a ?patient= link without sessions.
  const patients = useMirrorRows('patients').rows;
  const clinicians = useMirrorRows('clinicians').rows;

  const bounds = useMemo(() => numberBounds(sessions.rows), [sessions.rows]);
  const linkedPatient = useMemo(() => {
    const patient = linkedPatientId ? patients.find((p) => p.UniquePatientID === linkedPatientId) : undefined;
    if (!linkedPatientId) return [];
    const name = patient ? personName(patient.Forename, patient.Surname, MESSAGES.unnamedPatient) : linkedPatientId;
    return [{ id: linkedPatientId, label: patient ? `${name} (${patient.GivenPatientID})` : name }];
  }, [patients, linkedPatientId]);
  const patientFilterTree = useMemo(() => patientTree(sessions.rows, linkedPatient), [sessions.rows, linkedPatient]);
  const clinicianFilterOptions = useMemo(() => clinicianOptions(sessions.rows), [sessions.rows]);

  const patientChoices = useMemo<Option[]>(
    () =>
      isAdmin
        ? patients
            .map((p) => ({
              id: p.UniquePatientID,
              label: `${personName(p.Forename, p.Surname, MESSAGES.unnamedPatient)} (${p.GivenPatientID})`,
            }))
            .sort(byLabel)
        : [],
    [isAdmin, patients],
  );
  const clinicianChoices = useMemo<Option[]>(
    () =>
      isAdmin
        ? clinicians
            .map((c) => ({ id: c.ClinicianID, label: personName(c.Forename, c.Surname, MESSAGES.unnamedClinician) }))
            .sort(byLabel)
        : [],
    [isAdmin, clinicians],
  );

  return { sync, sessions, bounds, patientFilterTree, clinicianFilterOptions, patientChoices, clinicianChoices };
}
