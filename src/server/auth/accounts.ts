import type { UserType } from '#shared/auth/userTypes';
import type { Db } from '#server/db/connect';

export type Credentials = { id: string; passwordHash: string | null };

/** The login account of each user type, found by its username. Deleted records cannot log in. */
export async function findCredentials(db: Db, role: UserType, username: string): Promise<Credentials | undefined> {
  switch (role) {
    case 'admin': {
      const row = await db
        .selectFrom('admins')
        .select(['id', 'password_hash'])
        .where('username', '=', username)
        .executeTakeFirst();
      return row && { id: row.id, passwordHash: row.password_hash };
    }
    case 'clinic': {
      const row = await db
        .selectFrom('clinics')
        .select(['id', 'admin_password_hash'])
        .where('admin_username', '=', username)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row && { id: row.id, passwordHash: row.admin_password_hash };
    }
    case 'clinician': {
      const row = await db
        .selectFrom('clinicians')
        .select(['id', 'password_hash'])
        .where('username', '=', username)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row && { id: row.id, passwordHash: row.password_hash };
    }
    case 'patient': {
      const row = await db
        .selectFrom('patients')
        .select(['id', 'password_hash'])
        .where('username', '=', username)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row && { id: row.id, passwordHash: row.password_hash };
    }
  }
}

/** The stored password hash of a live account, found by its id (null: no password set; undefined: no such account). */
export async function passwordHashOf(db: Db, role: UserType, id: string): Promise<string | null | undefined> {
  switch (role) {
    case 'admin': {
      const row = await db.selectFrom('admins').select('password_hash').where('id', '=', id).executeTakeFirst();
      return row?.password_hash;
    }
    case 'clinic': {
      const row = await db
        .selectFrom('clinics')
        .select('admin_password_hash')
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row?.admin_password_hash;
    }
    case 'clinician':
    case 'patient': {
      const row = await db
        .selectFrom(role === 'clinician' ? 'clinicians' : 'patients')
        .select('password_hash')
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row?.password_hash;
    }
  }
}
