import { ICD_CODES } from '#shared/codes/icd';
import { ICF_CODES } from '#shared/codes/icf';
import { MISC_CODES } from '#shared/codes/misc';
import { MESSAGES } from '#shared/messages';
import { personName } from '#shared/records/personName';
import type { GroupMember } from '#shared/reports/groupReportModel';
import type { GroupReportRequest } from '#shared/reports/groupReportRequest';
import type { AuthUser } from '#server/auth/tokens';
import type { SessionDeps } from '#server/deps';
import { clinicScope, patientScope } from '#server/scope/recordScope';
import { loadReportSessions } from './reportSessions.ts';
import type { SessionId, SubSessionId } from '#shared/ids/ids';

/** The most patients one group report covers: each one's latest recording is read, and analysed when it must be. */
export const GROUP_SIZE_LIMIT = 500;

type CodeKind = 'ICD' | 'ICF' | 'Miscs';
const LABELS: Record<CodeKind, Map<string, string>> = {
  ICD: new Map(ICD_CODES.map((c) => [c.CodeID, c.Label])),
  ICF: new Map(ICF_CODES.map((c) => [c.CodeID, c.Label])),
  Miscs: new Map(MISC_CODES.map((c) => [c.CodeID, c.Label])),
};
const KIND_NAMES: Record<CodeKind, string> = { ICD: 'ICD', ICF: 'ICF', Miscs: 'Tag' };

export type Group =
  | { status: 'ok'; members: GroupMember[]; criteria: string[] }
  | { status: 'not-found' }
  | { status: 'empty' }
  | { status: 'too-large' };

const codesOf = (stored: string | null) => new Set((stored ?? '').split(',').map((c) => c.trim()));

/**
 * The patients a group report is about, within the caller's scope: those chosen by id, narrowed by each other kind
 * of criterion given (any of its codes, tags or clinics). A chosen patient or clinic outside the scope is
 * 'not-found' (→ 404), as for every record. Each member carries the latest of their recordings that can give a
 * report, with its metrics by the rule every report follows (loadReportSessions).
 */
export async function groupMembers(deps: SessionDeps, user: AuthUser, input: GroupReportRequest): Promise<Group> {
  const { db } = deps.database;
  const clinicIds = [...new Set(input.clinicIDs)];
  const clinics =
    clinicIds.length === 0
      ? []
      : await db
          .selectFrom('clinics')
          .select(['id', 'name'])
          .where('id', 'in', clinicIds)
          .where('deleted_at', 'is', null)
          .where((eb) => clinicScope(db, user)(eb.ref('id')))
          .execute();
  if (clinics.length !== clinicIds.length) return { status: 'not-found' };

  const chosenIds = [...new Set(input.patientIDs)];
  let query = db
    .selectFrom('patients')
    .select(['id', 'given_patient_id', 'forename', 'surname', 'sex', 'dob', 'height_cm', 'icd', 'icf', 'miscs'])
    .where('deleted_at', 'is', null)
    .where((eb) => patientScope(db, user)(eb.ref('id')));
  if (chosenIds.length > 0) query = query.where('id', 'in', chosenIds);
  const scoped = await query.execute();
  if (chosenIds.length > 0 && scoped.length !== chosenIds.length) return { status: 'not-found' };

  const inClinics =
    clinicIds.length === 0
      ? undefined
      : new Set(
          (
            await db.selectFrom('patient_clinics').select('patient_id').where('clinic_id', 'in', clinicIds).execute()
          ).map((r) => r.patient_id),
        );
  const wanted = (kind: CodeKind, stored: string | null) => {
    const codes = input[kind];
    if (codes.length === 0) return true;
    const has = codesOf(stored);
    return codes.some((code) => has.has(code));
  };
  const rows = scoped.filter(
    (p) =>
      (inClinics === undefined || inClinics.has(p.id)) &&
      wanted('ICD', p.icd) &&
      wanted('ICF', p.icf) &&
      wanted('Miscs', p.miscs),
  );
  if (rows.length === 0) return { status: 'empty' };
  if (rows.length > GROUP_SIZE_LIMIT) return { status: 'too-large' };

  const latest = await latestRecordings(
    deps,
    user,
    rows.map((r) => r.id),
  );
  if (latest === undefined) return { status: 'not-found' };
  const members = rows
    .map((p): GroupMember => ({
      UniquePatientID: p.id,
      GivenPatientID: p.given_patient_id,
      PatientName: personName(p.forename, p.surname, MESSAGES.unnamedPatient),
      patient: { sex: p.sex, dateOfBirth: p.dob, heightCm: p.height_cm > 0 ? p.height_cm : null },
      latest: latest.get(p.id) ?? null,
    }))
    .sort((a, b) => a.PatientName.localeCompare(b.PatientName) || a.GivenPatientID.localeCompare(b.GivenPatientID));
  return { status: 'ok', members, criteria: criteria(input, chosenIds.length, clinics) };
}

/** Each patient's latest recording that holds joint data or a metrics file (the sessions a report can be made of). */
async function latestRecordings(deps: SessionDeps, user: AuthUser, patientIds: readonly string[]) {
  const { db } = deps.database;
  const rows = await db
    .selectFrom('sub_sessions as ss')
    .innerJoin('sessions as s', 's.id', 'ss.session_id')
    .select(['ss.id', 'ss.session_id', 's.patient_id', 'ss.date_time'])
    .where('ss.deleted_at', 'is', null)
    .where('s.patient_id', 'in', patientIds)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('session_files as f')
          .select('f.sub_session_id')
          .whereRef('f.sub_session_id', '=', 'ss.id')
          .where('f.kind', 'in', ['gaitMetrics', 'jointData']),
      ),
    )
    .orderBy('ss.date_time', 'desc')
    .orderBy('ss.id', 'desc')
    .execute();
  const newest = new Map<string, { sessionId: SessionId; subSessionId: SubSessionId }>();
  for (const r of rows) {
    if (!newest.has(r.patient_id)) newest.set(r.patient_id, { sessionId: r.session_id, subSessionId: r.id });
  }
  const sessions = await loadReportSessions(deps, user, [...newest.values()]);
  return sessions && new Map(sessions.map((s) => [s.UniquePatientID, s]));
}

function criteria(input: GroupReportRequest, chosen: number, clinics: readonly { name: string }[]): string[] {
  const codes = (kind: CodeKind) =>
    input[kind].length === 0
      ? []
      : [`${KIND_NAMES[kind]}: ${input[kind].map((c) => `${c} ${LABELS[kind].get(c) ?? ''}`.trim()).join(', ')}`];
  return [
    ...(chosen > 0 ? [`${String(chosen)} chosen patient${chosen === 1 ? '' : 's'}`] : []),
    ...codes('ICD'),
    ...codes('ICF'),
    ...codes('Miscs'),
    ...(clinics.length > 0 ? [`Clinic: ${clinics.map((c) => c.name).join(', ')}`] : []),
  ];
}
