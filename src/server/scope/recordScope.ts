import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { AuthUser } from '#server/auth/tokens';
import type { Db } from '#server/db/connect';

/**
 * Who may see which records — the one place every endpoint asks (docs/design.md API conventions):
 * - patient: only their own record;
 * - clinician: patients linked to them or to one of their clinics; their own clinician record; their clinics;
 * - clinic: its own patients and clinicians, and itself;
 * - admin: everything.
 * Each function returns a condition on an id column, to be used in a WHERE of the query that reads the records,
 * so that a record outside the scope is simply not found (404), never revealed.
 * `from` (a page's first possible id) narrows the scope's own id list to ids from it on: a page that walks the scope
 * in id order then reads only its share of the list, one index range, whatever the database's planner does with
 * `idColumn >= from` (PostgreSQL does not carry an inequality across a join or into an IN list).
 */
export type IdCondition = (idColumn: Expression<string>, from?: string) => Expression<SqlBool>;

const always: IdCondition = () => sql<SqlBool>`1 = 1`;

export function patientScope(db: Db, user: AuthUser): IdCondition {
  switch (user.role) {
    case 'admin':
      return always;
    case 'patient':
      return (id) => sql<SqlBool>`${id} = ${user.id}`;
    case 'clinic':
      return (id, from) => {
        const ids = db.selectFrom('patient_clinics').select('patient_id').where('clinic_id', '=', user.id);
        return sql<SqlBool>`${id} in (${from === undefined ? ids : ids.where('patient_id', '>=', from)})`;
      };
    case 'clinician':
      return (id, from) => {
        let direct = db.selectFrom('patient_clinicians').select('patient_id').where('clinician_id', '=', user.id);
        let viaClinic = db
          .selectFrom('patient_clinics')
          .select('patient_id')
          .where(
            'clinic_id',
            'in',
            db.selectFrom('clinician_clinics').select('clinic_id').where('clinician_id', '=', user.id),
          );
        if (from !== undefined) {
          direct = direct.where('patient_id', '>=', from);
          viaClinic = viaClinic.where('patient_id', '>=', from);
        }
        // One IN list (a UNION), not two joined by OR: SQLite keeps the list sorted and can walk it in id order, so
        // a page ordered by patient stops after its rows instead of joining and sorting the whole scope.
        return sql<SqlBool>`${id} in (${direct.union(viaClinic)})`;
      };
  }
}

export function clinicianScope(db: Db, user: AuthUser): IdCondition {
  switch (user.role) {
    case 'admin':
      return always;
    case 'clinician':
      return (id) => sql<SqlBool>`${id} = ${user.id}`;
    case 'clinic': {
      const ids = db.selectFrom('clinician_clinics').select('clinician_id').where('clinic_id', '=', user.id);
      return (id) => sql<SqlBool>`${id} in (${ids})`;
    }
    case 'patient': {
      const ids = db.selectFrom('patient_clinicians').select('clinician_id').where('patient_id', '=', user.id);
      return (id) => sql<SqlBool>`${id} in (${ids})`;
    }
  }
}

export function clinicScope(db: Db, user: AuthUser): IdCondition {
  switch (user.role) {
    case 'admin':
      return always;
    case 'clinic':
      return (id) => sql<SqlBool>`${id} = ${user.id}`;
    case 'clinician': {
      const ids = db.selectFrom('clinician_clinics').select('clinic_id').where('clinician_id', '=', user.id);
      return (id) => sql<SqlBool>`${id} in (${ids})`;
    }
    case 'patient': {
      const ids = db.selectFrom('patient_clinics').select('clinic_id').where('patient_id', '=', user.id);
      return (id) => sql<SqlBool>`${id} in (${ids})`;
    }
  }
}
