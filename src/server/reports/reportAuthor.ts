import { MESSAGES } from '#shared/messages';
import { personName } from '#shared/records/personName';
import type { AuthUser } from '#server/auth/tokens';
import type { Db } from '#server/db/connect';

/**
 * Who made a report, as its footer prints it: the person's name and their role ('Dr Rhea Okafor, clinician'), so
 * that a printed report says who produced it rather than only which kind of login did.
 */
export async function reportAuthor(db: Db, user: AuthUser): Promise<string> {
  switch (user.role) {
    case 'clinician': {
      const row = await db
        .selectFrom('clinicians')
        .select(['forename', 'surname'])
        .where('id', '=', user.id)
        .executeTakeFirst();
      return `${personName(row?.forename, row?.surname, MESSAGES.unnamedClinician)}, clinician`;
    }
    case 'patient': {
      const row = await db
        .selectFrom('patients')
        .select(['forename', 'surname'])
        .where('id', '=', user.id)
        .executeTakeFirst();
      return `${personName(row?.forename, row?.surname, MESSAGES.unnamedPatient)}, patient`;
    }
    case 'clinic': {
      const row = await db.selectFrom('clinics').select('name').where('id', '=', user.id).executeTakeFirst();
      return `${row?.name ?? 'the clinic'}'s administrator`;
    }
    case 'admin': {
      const row = await db.selectFrom('admins').select('username').where('id', '=', user.id).executeTakeFirst();
      return `${row?.username ?? 'admin'}, product administrator`;
    }
  }
}
