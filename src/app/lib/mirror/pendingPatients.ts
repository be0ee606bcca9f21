import type { OutboxEntry } from './db.ts';
import type { MirroredPatient } from './lists.ts';
import { asPatientId } from '#shared/ids/ids';

/** Names of the clinics and clinicians this user may list, by id: a queued add carries only the ids. */
export type LinkNames = { clinics: ReadonlyMap<string, string>; clinicians: ReadonlyMap<string, string> };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const measure = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const ids = (value: unknown) =>
  text(value)
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** docs/spec.md §3: lists read ', ' joined; an id this user cannot list is left out rather than shown raw. */
const namesOf = (value: unknown, names: ReadonlyMap<string, string>) =>
  ids(value)
    .flatMap((id) => names.get(id) ?? [])
    .join(', ');

/**
 * The patients this device added that the server has not confirmed yet (queued addPatient entries), as list rows, so
 * the patient browser and Add Session's picker offer them at once (docs/design.md Data flow 5: a queued session may
 * refer to a patient created offline, by its client-made UniquePatientID). A patient the mirror already holds is
 * not repeated. The entry's time stands in for DateModified, so the newest add sorts first as it will once sent.
 */
export function pendingPatients(
  entries: readonly OutboxEntry[],
  mirrored: ReadonlySet<string>,
  names: LinkNames,
): MirroredPatient[] {
  return entries.flatMap((entry): MirroredPatient[] => {
    const { body } = entry;
    const id = text(body.UniquePatientID);
    if (entry.call !== 'addPatient' || id === '' || mirrored.has(id)) return [];
    return [
      {
        // The id the device made for the patient it added (addPatient's UniquePatientID).
        UniquePatientID: asPatientId(id),
        GivenPatientID: text(body.ID),
        Forename: text(body.Forename),
        Surname: text(body.Surname),
        Email: text(body.Email),
        Username: text(body.Username),
        PasswordHint: text(body.PasswordHint),
        GroupName: text(body.GroupName) || 'Patients',
        DOB: textOrNull(body.DOB),
        Sex: text(body.Sex) === 'Not Specified' ? '' : text(body.Sex),
        Height: measure(body.Height),
        Weight: measure(body.Weight),
        Notes: text(body.Notes),
        ClinicIDs: ids(body.ClinicIDs).join(', '),
        ClinicNames: namesOf(body.ClinicIDs, names.clinics),
        ClinicianIDs: ids(body.ClinicianIDs).join(', '),
        Clinicians: namesOf(body.ClinicianIDs, names.clinicians),
        Application: text(body.Application),
        ICD: textOrNull(body.ICD),
        ICF: textOrNull(body.ICF),
        Ratings: textOrNull(body.Ratings),
        Miscs: textOrNull(body.Miscs),
        // Not on the server yet: an edit or delete would be refused; the outbox page discards a queued add.
        ReadOnly: true,
        DateModified: entry.createdAt,
        SessionCount: 0,
        LatestSessionDate: null,
      },
    ];
  });
}

/** The mark a pending row and picker choice carry, in words a screen reader reads too. */
export const NOT_YET_SENT = 'Not yet sent';
