import type { StoredLogin } from '#app/lib/storedLogin';
import { keptCopy, OWN_COPIES } from '#app/lib/mirror/keptCopies';
import { findMirrored } from '#app/lib/mirror/mirrorRows';
import type { Clinic } from '#shared/records/clinic';
import type { Clinician } from '#shared/records/clinician';
import type { Patient } from '#shared/records/patient';
import { MESSAGES } from '#shared/messages';
import { personName } from '#shared/records/personName';
import { reportAuthorLine } from '#shared/reports/reportAuthorLine';

/**
 * The author line of a report built on the device, worded as the server words it. The server cannot be reached, so
 * the name comes from the copy the device keeps of the account's own details (its home page keeps one) or else from
 * the mirrored lists.
 */
export async function deviceReportAuthor(login: StoredLogin | null | undefined): Promise<string> {
  if (!login) return 'the user of this device';
  return reportAuthorLine(login.loginType, await ownName(login).catch(() => undefined));
}

async function ownName({ loginType, id }: StoredLogin): Promise<string | undefined> {
  switch (loginType) {
    case 'clinician': {
      const own = (await keptCopy<Clinician>(OWN_COPIES.clinician)) ?? (await findMirrored('clinicians', id));
      return own && personName(own.Forename, own.Surname, MESSAGES.unnamedClinician);
    }
    case 'patient': {
      const own = (await keptCopy<Patient>(OWN_COPIES.patient)) ?? (await findMirrored('patients', id));
      return own && personName(own.Forename, own.Surname, MESSAGES.unnamedPatient);
    }
    case 'clinic':
      return ((await keptCopy<Clinic>(OWN_COPIES.clinic)) ?? (await findMirrored('clinics', id)))?.Name;
    case 'admin':
      // The product administrator's username is neither mirrored nor kept.
      return undefined;
  }
}
