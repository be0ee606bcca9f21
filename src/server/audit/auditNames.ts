import { MESSAGES } from '#shared/messages';
import type { Db } from '#server/db/connect';
import type { RecordKind, TargetRef } from './targetRefs.ts';
import { asSessionId, asSubSessionId } from '#shared/ids/ids';

/** The names of the people and records a page of audit entries names, found in one query per kind. */
export type NameBook = (kind: RecordKind, id: string) => string | null;

type Person = { forename: string; surname: string };

const fullName = (p: Person, unnamed: string) => `${p.forename} ${p.surname}`.trim() || unnamed;
const patientLabel = (p: Person & { given_patient_id: string }) =>
  `${fullName(p, MESSAGES.unnamedPatient)} (${p.given_patient_id})`;

const idsOf = (refs: readonly TargetRef[], kind: RecordKind) => [
  ...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id)),
];

/**
 * Looks up every patient, clinician, clinic, admin and (sub-)session the refs name, deleted ones included (an audit
 * entry outlives the record), in a fixed number of queries whatever the page's length. A session named by its
 * number (the target of session.add) is labelled by it.
 */
export async function lookUpNames(db: Db, refs: readonly TargetRef[]): Promise<NameBook> {
  const names = new Map<string, string>();
  const put = (kind: RecordKind, id: string, label: string) => names.set(`${kind}:${id}`, label);
  const ids = (kind: RecordKind) => idsOf(refs, kind);
  const [patients, clinicians, clinics, admins, sessions, subSessions] = await Promise.all([
    ids('patient').length === 0
      ? []
      : db
          .selectFrom('patients')
          .select(['id', 'forename', 'surname', 'given_patient_id'])
          .where('id', 'in', ids('patient'))
          .execute(),
    ids('clinician').length === 0
      ? []
      : db.selectFrom('clinicians').select(['id', 'forename', 'surname']).where('id', 'in', ids('clinician')).execute(),
    ids('clinic').length === 0
      ? []
      : db.selectFrom('clinics').select(['id', 'name']).where('id', 'in', ids('clinic')).execute(),
    ids('admin').length === 0
      ? []
      : db.selectFrom('admins').select(['id', 'username']).where('id', 'in', ids('admin')).execute(),
    ids('session').length === 0
      ? []
      : db
          .selectFrom('sessions as s')
          .innerJoin('patients as p', 'p.id', 's.patient_id')
          .select(['s.id', 's.session_number', 'p.forename', 'p.surname', 'p.given_patient_id'])
          .where('s.id', 'in', ids('session').map(asSessionId))
          .execute(),
    ids('subSession').length === 0
      ? []
      : db
          .selectFrom('sub_sessions as ss')
          .innerJoin('sessions as s', 's.id', 'ss.session_id')
          .innerJoin('patients as p', 'p.id', 's.patient_id')
          .select([
            'ss.id',
            'ss.sub_session_number',
            's.session_number',
            'p.forename',
            'p.surname',
            'p.given_patient_id',
          ])
          .where('ss.id', 'in', ids('subSession').map(asSubSessionId))
          .execute(),
  ]);
  for (const p of patients) put('patient', p.id, patientLabel(p));
  for (const c of clinicians) put('clinician', c.id, fullName(c, MESSAGES.unnamedClinician));
  for (const c of clinics) put('clinic', c.id, c.name);
  for (const a of admins) put('admin', a.id, a.username);
  for (const s of sessions) put('session', s.id, `Session ${String(s.session_number)} of ${patientLabel(s)}`);
  for (const s of subSessions) {
    const number = `${String(s.session_number)}.${String(s.sub_session_number)}`;
    put('subSession', s.id, `Session ${number} of ${patientLabel(s)}`);
  }
  for (const id of ids('session'))
    if (/^\d+$/.test(id) && !names.has(`session:${id}`)) put('session', id, `Session ${id}`);
  return (kind, id) => names.get(`${kind}:${id}`) ?? null;
}

/** The record an actor is, by role: the clinic admin acts for a clinic, whose name is theirs here. */
export function actorRef(role: string, userId: string): TargetRef | undefined {
  switch (role) {
    case 'patient':
    case 'clinician':
    case 'clinic':
    case 'admin':
      return { kind: role, id: userId };
    default:
      return undefined;
  }
}
