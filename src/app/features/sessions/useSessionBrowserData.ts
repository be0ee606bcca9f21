import { useMemo } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { firstClinic, type GroupedOption } from '#app/components/ui/optionGroups';
import { formatDate } from '#app/lib/dateTime';
import { clinicianChoices as clinicianChoicesOf } from '#app/lib/clinicianChoices';
import { useMirrorRows } from '#app/lib/mirror/mirrorRows';
import { NOT_YET_SENT } from '#app/lib/mirror/pendingPatients';
import { useMirrorSync } from '#app/lib/mirror/sync';
import { usePatientsWithPending } from '#app/lib/mirror/usePendingPatients';
import { personName } from '#shared/records/personName';

/**
 * Everything the session browser reads, from the mirror: the sessions this role may see and, for the admin's Add
 * Session dialog (`choosing`: while it is open), the patients and clinicians to choose from. The filter choices come
 * from the sessions themselves (useSessionIndex).
 */
export function useSessionBrowserData(type: UserType, linkedPatientId: string | undefined, choosing = false) {
  const isAdmin = type === 'admin';
  const sync = useMirrorSync('sessions');
  useMirrorSync('patients', { enabled: isAdmin });
  useMirrorSync('clinicians', { enabled: isAdmin });
  const sessions = useMirrorRows('sessions');
  // Staff have the patients mirrored by the patient browser: enough to name a ?patient= link without sessions.
  const mirroredPatients = useMirrorRows('patients').rows;
  // A patient added on this device and not sent yet can be recorded already (docs/design.md Data flow 5): the outbox
  // sends the add first, being older, and the session refers to the patient's client-made UniquePatientID.
  const { rows: patients, pendingIds } = usePatientsWithPending(mirroredPatients);
  const clinicians = useMirrorRows('clinicians').rows;

  const linkedPatientLabel = useMemo(() => {
    const patient = linkedPatientId ? patients.find((p) => p.UniquePatientID === linkedPatientId) : undefined;
    if (!patient) return linkedPatientId;
    return `${personName(patient.Forename, patient.Surname, MESSAGES.unnamedPatient)} (${patient.GivenPatientID})`;
  }, [patients, linkedPatientId]);
  // Kept while the label stays the same: the session index is rebuilt when it changes.
  const linkedPatient = useMemo(
    () => (linkedPatientId && linkedPatientLabel ? [{ id: linkedPatientId, label: linkedPatientLabel }] : []),
    [linkedPatientId, linkedPatientLabel],
  );
  // Grouped by clinic and sorted by the picker, only while the dialog that offers them is open (20,000 patients).
  const patientChoices = useMemo<GroupedOption[]>(
    () =>
      isAdmin && choosing
        ? patients.map((p) => ({
            id: p.UniquePatientID,
            label: `${personName(p.Forename, p.Surname, MESSAGES.unnamedPatient)} (${p.GivenPatientID})${pendingIds.has(p.UniquePatientID) ? ` — ${NOT_YET_SENT}` : ''}`,
            group: firstClinic(p.ClinicNames),
            // Namesakes in one clinic told apart by their birth date (and every clinic they attend).
            detail: [p.DOB ? `Born ${formatDate(p.DOB)}` : '', p.ClinicNames].filter(Boolean).join(' · '),
          }))
        : [],
    [isAdmin, choosing, patients, pendingIds],
  );
  // Namesakes told apart by clinic and username, as in Add Patient: a session must not go to the wrong one.
  const clinicianChoices = useMemo<GroupedOption[]>(() => {
    if (!isAdmin || !choosing) return [];
    const byId = new Map<string, (typeof clinicians)[number]>(clinicians.map((c) => [c.ClinicianID, c]));
    return clinicianChoicesOf(clinicians).map((option) => {
      const clinician = byId.get(option.id);
      return { ...option, group: firstClinic(clinician?.ClinicNames ?? ''), detail: clinician?.Email };
    });
  }, [isAdmin, choosing, clinicians]);

  // The height on record scales a walk filmed for the patient (Record or Choose Video, admin only: it adds files).
  const patientHeightsCm = useMemo<ReadonlyMap<string, number>>(
    () => new Map(isAdmin ? patients.map((p) => [p.UniquePatientID, p.Height]) : []),
    [isAdmin, patients],
  );

  return { sync, sessions, linkedPatient, patientChoices, clinicianChoices, patientHeightsCm };
}
