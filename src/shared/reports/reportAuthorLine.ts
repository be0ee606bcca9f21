import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';

/**
 * Who made a report, as its footer prints it: the person's name and their role ('Rhea Okafor, clinician'), so that
 * a printed report says who produced it rather than only which kind of login did. The server and the device (a
 * report built offline) word it alike; `name` is undefined where the record is not at hand.
 */
export function reportAuthorLine(role: UserType, name: string | undefined): string {
  switch (role) {
    case 'clinician':
      return `${name ?? MESSAGES.unnamedClinician}, clinician`;
    case 'patient':
      return `${name ?? MESSAGES.unnamedPatient}, patient`;
    case 'clinic':
      return `${name ?? 'the clinic'}'s administrator`;
    case 'admin':
      return `${name ?? 'admin'}, product administrator`;
  }
}
