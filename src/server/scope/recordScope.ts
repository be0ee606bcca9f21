import type { Expression, SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { AuthUser } from '#server/auth/tokens';
import type { Db } from '#server/db/connect';
import type { Database } from '#server/db/schema';

/**
 * Who may see which records — the one place every endpoint asks (docs/design.md API conventions):
 * - patient: only their own record;
 * - clinician: patients linked to them or to one of their clinics; their own clinician record; their clinics;
 * - clinic: its own patients and clinicians, and itself;
 * - admin: everything.
 * Each function returns a condition on an id column, to be used in a WHERE of the query that reads the records,
 * so that a record outside the scope is simply not found (404), never revealed.
 * `range` narrows the scope's own id lists to a range of ids (both ends included): a page that walks the scope in id
 * order then reads only its share of the lists, index ranges, whatever the planner does with a bound on `idColumn`
 * (PostgreSQL does not carry an inequality across a join or into an IN list). `range.only` narrows them to the one id
 * a single-record read asks for (a value, or the column of the row being read): SQLite otherwise builds the whole
 * scope's list (1,000 or more ids) to test one row, where with it each list is one index probe.
 */
export type IdCondition = (idColumn: Expression<string>, range?: IdRange) => Expression<SqlBool>;
export type IdRange = { from?: string; to?: string; only?: string | Expression<string> };

const always: IdCondition = () => sql<SqlBool>`1 = 1`;

type IdList = SelectQueryBuilder<Database, 'patient_clinics' | 'patient_clinicians', { patient_id: string }>;

/** The lists of patient ids a clinic or a clinician reaches, each readable in id order from an index. */
function patientLists(db: Db, user: AuthUser, range: IdRange = {}): IdList[] {
  const within = (list: IdList) => {
    let bounded = list;
    if (range.from !== undefined) bounded = bounded.where('patient_id', '>=', range.from);
    if (range.to !== undefined) bounded = bounded.where('patient_id', '<=', range.to);
    if (range.only !== undefined) bounded = bounded.where('patient_id', '=', range.only);
    return bounded;
  };
  const ofClinics = (clinics: string | SelectQueryBuilder<Database, 'clinician_clinics', { clinic_id: string }>) =>
    within(
      db
        .selectFrom('patient_clinics')
        .select('patient_id')
        .where('clinic_id', typeof clinics === 'string' ? '=' : 'in', clinics),
    );
  if (user.role === 'clinic') return [ofClinics(user.id)];
  if (user.role !== 'clinician') return [];
  const direct = db.selectFrom('patient_clinicians').select('patient_id').where('clinician_id', '=', user.id);
  const clinics = db.selectFrom('clinician_clinics').select('clinic_id').where('clinician_id', '=', user.id);
  return [within(direct), ofClinics(clinics)];
}

/**
 * How a clinic's or clinician's patient lists test an id: `in` (an IN list, which SQLite keeps sorted and walks in id
 * order) or `array`, PostgreSQL only: `id = any(array(lists))`. The planner reads the lists once (an InitPlan) and
 * finds their patients by the primary key. As an IN list it hashed the lists and scanned every patient in the
 * window's id range for them (a quarter of the table for a page's 250 patients, about a quarter of the statement).
 */
export type ScopeForm = 'in' | 'array';

export function patientScope(db: Db, user: AuthUser, form: ScopeForm = 'in'): IdCondition {
  switch (user.role) {
    case 'admin':
      return always;
    case 'patient':
      return (id) => sql<SqlBool>`${id} = ${user.id}`;
    case 'clinic':
    case 'clinician':
      return (id, range) => {
        // A clinician's two lists are one IN list (a UNION), not two joined by OR: SQLite keeps the list sorted and
        // can walk it in id order, and PostgreSQL carries a single-record lookup's id into each of its branches.
        // UNION ALL: an IN list's duplicates change nothing, and SQLite then builds its sorted list straight from both
        // lists instead of first removing duplicates in a temporary B-tree (a sixth of a clinician's page statement).
        const [first, ...rest] = patientLists(db, user, range);
        const ids = rest.reduce<SelectQueryBuilder<Database, never, { patient_id: string }>>(
          (union, list) => union.unionAll(list),
          first as SelectQueryBuilder<Database, never, { patient_id: string }>,
        );
        return form === 'array' ? sql<SqlBool>`${id} = any(array(${ids}))` : sql<SqlBool>`${id} in (${ids})`;
      };
  }
}

/**
 * The last of the first `size` patients in a clinic's or clinician's scope whose ids sort from `from` on, or
 * undefined when the scope has no more than `size` of them. A page walking the scope in id order reads the patients
 * up to that id: each list gives its first `size` ids from an index, so no page reads (or sorts) the whole scope.
 */
export async function patientScopeWindowEnd(
  db: Db,
  user: AuthUser,
  from: string | undefined,
  size: number,
): Promise<string | undefined> {
  const heads = patientLists(db, user, { from }).map((list) =>
    db.selectFrom(list.orderBy('patient_id').limit(size).as('head')).select('head.patient_id'),
  );
  const [first, ...rest] = heads;
  if (first === undefined) return undefined;
  const ids = rest.reduce((union, head) => union.union(head), first);
  const row = await db
    .selectFrom(ids.as('window'))
    .select('window.patient_id')
    .orderBy('window.patient_id')
    .limit(1)
    .offset(size - 1)
    .executeTakeFirst();
  return row?.patient_id;
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
