import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AuditFilter } from '#shared/audit/auditEvents';
import type { DbHandle } from '#server/db/connect';
import type { Database } from '#server/db/schema';

type AuditEb = ExpressionBuilder<Database, 'audit_log'>;
type Text = Expression<string | null>;

/** The most patients a patient filter may match: more, and the auditor is asked for more of the name. */
export const PATIENT_FILTER_MAX = 50;

/** A UUID's shape as a LIKE pattern ('_' is any one character). */
const UUID_SHAPE = '________-____-____-____-____________';

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every word in the text (case-insensitive): how the list screens search (src/app/components/ui/tableData.ts). */
function hasEveryWord(text: Text, search: string) {
  return sql<SqlBool>`(${sql.join(
    words(search).map((word) => sql`lower(${text}) like ${likePattern(word)} escape '\\'`),
    sql` and `,
  )})`;
}

const joined = (...parts: Text[]) =>
  sql<string>`${sql.join(
    parts.map((part) => sql`coalesce(${part}, '')`),
    sql` || ' ' || `,
  )}`;

/**
 * Entries by a person: their id, or a user id holding the text (a failed login's 'unknown(name)', a throttled
 * login's username), or anyone whose
 * name or username has every word: admins, clinic admins (by clinic), clinicians and patients.
 */
function byPerson(eb: AuditEb, search: string) {
  const people = eb
    .selectFrom('admins')
    .select('admins.id')
    .where(hasEveryWord(sql.ref('username'), search))
    .unionAll((qb) =>
      qb
        .selectFrom('clinics')
        .select('clinics.id')
        .where(hasEveryWord(joined(sql.ref('name'), sql.ref('admin_username')), search)),
    )
    .unionAll((qb) =>
      qb
        .selectFrom('clinicians')
        .select('clinicians.id')
        .where(hasEveryWord(joined(sql.ref('forename'), sql.ref('surname'), sql.ref('username')), search)),
    )
    .unionAll((qb) =>
      qb
        .selectFrom('patients')
        .select('patients.id')
        .where(
          hasEveryWord(
            joined(sql.ref('forename'), sql.ref('surname'), sql.ref('given_patient_id'), sql.ref('username')),
            search,
          ),
        ),
    );
  return eb.or([
    eb('user_id', '=', search.trim()),
    // Only a user id that is not a record's: a name such as 'Ada' is also hex, and would match inside UUIDs.
    eb.and([eb('user_id', 'not like', UUID_SHAPE), hasEveryWord(eb.ref('user_id'), search)]),
    eb('user_id', 'in', people),
  ]);
}

/**
 * The ids an entry about the patients may hold: theirs, and their sessions' and sub-sessions' (a download names only
 * the sub-session). A patient is matched by UniquePatientID, or by every word in name and given id.
 */
export async function patientRefIds({ db }: DbHandle, search: string): Promise<{ patients: number; ids: string[] }> {
  const patients = await db
    .selectFrom('patients')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('id', '=', search.trim()),
        hasEveryWord(joined(eb.ref('forename'), eb.ref('surname'), eb.ref('given_patient_id')), search),
      ]),
    )
    .limit(PATIENT_FILTER_MAX + 1)
    .execute();
  const patientIds = patients.map((p) => p.id);
  if (patientIds.length === 0 || patientIds.length > PATIENT_FILTER_MAX) {
    return { patients: patientIds.length, ids: patientIds };
  }
  const [sessions, subSessions] = await Promise.all([
    db.selectFrom('sessions').select('id').where('patient_id', 'in', patientIds).execute(),
    db
      .selectFrom('sub_sessions as ss')
      .innerJoin('sessions as s', 's.id', 'ss.session_id')
      .select('ss.id')
      .where('s.patient_id', 'in', patientIds)
      .execute(),
  ]);
  return {
    patients: patientIds.length,
    ids: [...patientIds, ...sessions.map((s) => s.id), ...subSessions.map((s) => s.id)],
  };
}

/** Where `part` occurs in `whole`, exactly (no LIKE wildcards), on either database. */
const contains = (kind: DbHandle['kind'], whole: Text, part: string) =>
  kind === 'sqlite' ? sql<SqlBool>`instr(${whole}, ${part}) > 0` : sql<SqlBool>`strpos(${whole}, ${part}) > 0`;

export type AuditRowsQuery = AuditFilter & {
  /** The patient filter's ids (patientRefIds), looked up first. */
  patientIds?: readonly string[];
  before?: number;
  limit: number;
};

/** The entries of a filtered view, newest first: at most `limit`, older than `before` (the keyset cursor). */
export function auditRows(handle: DbHandle, query: AuditRowsQuery) {
  const { Person, patientIds, Action, Outcome, From, To, before, limit } = query;
  return handle.db
    .selectFrom('audit_log')
    .select(['id', 'at', 'user_id', 'role', 'action', 'target', 'outcome', 'address'])
    .$if(before !== undefined, (q) => q.where('id', '<', before ?? 0))
    .$if(Action !== undefined && Action !== '', (q) => q.where('action', '=', Action ?? ''))
    .$if(Outcome !== undefined, (q) => q.where('outcome', '=', Outcome ?? ''))
    .$if(From !== undefined, (q) => q.where('at', '>=', From ?? ''))
    .$if(To !== undefined, (q) => q.where('at', '<', To ?? ''))
    .$if(Person !== undefined && words(Person).length > 0, (q) => q.where((eb) => byPerson(eb, Person ?? '')))
    .$if(patientIds !== undefined, (q) =>
      q.where((eb) => {
        const ids = patientIds ?? [];
        if (ids.length === 0) return sql<SqlBool>`1 = 0`;
        return eb.or([eb('user_id', 'in', ids), ...ids.map((id) => contains(handle.kind, eb.ref('target'), id))]);
      }),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
