import { MESSAGES } from '#shared/messages';
import { personName } from '#shared/records/personName';
import { reportAuthorLine } from '#shared/reports/reportAuthorLine';
import type { AuthUser } from '#server/auth/tokens';
import type { Db } from '#server/db/connect';

/** The report footer's author line (reportAuthorLine), with the name read from the caller's own record. */
export async function reportAuthor(db: Db, user: AuthUser): Promise<string> {
  return reportAuthorLine(user.role, await authorName(db, user));
}

async function authorName(db: Db, user: AuthUser): Promise<string | undefined> {
  switch (user.role) {
    case 'clinician': {
      const row = await db
        .selectFrom('clinicians')
        .select(['forename', 'surname'])
        .where('id', '=', user.id)
        .executeTakeFirst();
      return personName(row?.forename, row?.surname, MESSAGES.unnamedClinician);
    }
    case 'patient': {
      const row = await db
        .selectFrom('patients')
        .select(['forename', 'surname'])
        .where('id', '=', user.id)
        .executeTakeFirst();
      return personName(row?.forename, row?.surname, MESSAGES.unnamedPatient);
    }
    case 'clinic':
      return (await db.selectFrom('clinics').select('name').where('id', '=', user.id).executeTakeFirst())?.name;
    case 'admin':
      return (await db.selectFrom('admins').select('username').where('id', '=', user.id).executeTakeFirst())?.username;
  }
}
