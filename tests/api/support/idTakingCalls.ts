import type { UserType } from '#shared/auth/userTypes';
import { SESSION_EXPORT_KINDS } from '#shared/api/exportCalls';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import type { apiClient, Session } from './client.ts';
import { patientBody } from './records.ts';

/** Every call that takes another record's id, and the roles that may make it (tests/api/foreignIds.test.ts). */
export type Kind = 'patient' | 'clinician' | 'clinic' | 'session';
export type Ctx = {
  api: ReturnType<typeof apiClient>;
  who: Session;
  own: { patient: string; clinician: string; clinic: string };
};
export type Call = { method: 'GET' | 'POST'; url: string; body?: Record<string, unknown> };
type Case = { name: string; kind: Kind; roles: UserType[]; call: (ctx: Ctx, id: string) => Promise<Call> | Call };

/** A session id of this suite is `<SessionID>/<SubSessionID>`; the exports take the sub-session's. */
const subSessionOf = (id: string) => id.split('/')[1] ?? '';

async function version(ctx: Ctx, patientId: string): Promise<string> {
  const res = await ctx.api.get(`/api/patient?PatientID=${patientId}`, ctx.who.token);
  return String((res.body.patients as { DateModified: string }[])[0]?.DateModified);
}

const editOwnPatient = async (ctx: Ctx, links: Record<string, string>): Promise<Call> => ({
  method: 'POST',
  url: '/api/updatePatient',
  body: {
    ...patientBody(),
    ID: ctx.own.patient,
    GivenPatientID: 'FOREIGN-1',
    DateModified: await version(ctx, ctx.own.patient),
    ...links,
  },
});

export const ID_TAKING_CALLS: Case[] = [
  {
    name: 'addClinicianToClinic: clinicianId',
    kind: 'clinician',
    roles: ['clinic'],
    call: (ctx, id) => ({
      method: 'POST',
      url: '/api/addClinicianToClinic',
      body: { clinicianId: id, clinicId: ctx.own.clinic },
    }),
  },
  {
    name: 'addClinicianToClinic: clinicId',
    kind: 'clinic',
    roles: ['clinic'],
    call: (ctx, id) => ({
      method: 'POST',
      url: '/api/addClinicianToClinic',
      body: { clinicianId: ctx.own.clinician, clinicId: id },
    }),
  },
  {
    name: 'addPatient: ClinicIDs',
    kind: 'clinic',
    roles: ['clinician'],
    call: (_ctx, id) => ({ method: 'POST', url: '/api/addPatient', body: patientBody({ ID: 'F-1', ClinicIDs: id }) }),
  },
  {
    name: 'addPatient: ClinicianIDs',
    kind: 'clinician',
    roles: ['clinic'],
    call: (_ctx, id) => ({
      method: 'POST',
      url: '/api/addPatient',
      body: patientBody({ ID: 'F-2', ClinicianIDs: id }),
    }),
  },
  {
    name: 'updatePatient: ClinicIDs',
    kind: 'clinic',
    roles: ['clinician'],
    call: (ctx, id) => editOwnPatient(ctx, { ClinicIDs: `${ctx.own.clinic},${id}` }),
  },
  {
    name: 'updatePatient: ClinicianIDs',
    kind: 'clinician',
    roles: ['clinic'],
    call: (ctx, id) => editOwnPatient(ctx, { ClinicianIDs: `${ctx.own.clinician},${id}` }),
  },
  {
    name: 'updatePatient: ID',
    kind: 'patient',
    roles: ['clinician', 'clinic'],
    call: (_ctx, id) => ({
      method: 'POST',
      url: '/api/updatePatient',
      body: { ...patientBody(), ID: id, GivenPatientID: 'F-3', DateModified: '2000-01-01T00:00:00.000Z' },
    }),
  },
  {
    name: 'removePatient: PatientID',
    kind: 'patient',
    roles: ['clinician', 'clinic'],
    call: (_ctx, id) => ({ method: 'POST', url: '/api/removePatient', body: { PatientID: id } }),
  },
  {
    name: 'updateClinician: ID',
    kind: 'clinician',
    roles: ['clinician', 'clinic'],
    call: (_ctx, id) => ({
      method: 'POST',
      url: '/api/updateClinician',
      body: {
        ID: id,
        Forename: 'Taken',
        Surname: 'Over',
        Username: 'taken-over',
        Password: 'Taken-Over-2026',
        DateModified: '2000-01-01T00:00:00.000Z',
      },
    }),
  },
  {
    name: 'removeClinician: ClinicianID',
    kind: 'clinician',
    roles: ['clinic'],
    call: (_ctx, id) => ({ method: 'POST', url: '/api/removeClinician', body: { ClinicianID: id } }),
  },
  {
    name: 'getClinicFromClinician: clinicianId',
    kind: 'clinician',
    roles: ['clinic'],
    call: (_ctx, id) => ({ method: 'GET', url: `/api/getClinicFromClinician?clinicianId=${id}` }),
  },
  {
    name: 'patient: PatientID',
    kind: 'patient',
    roles: ['patient', 'clinician', 'clinic'],
    call: (_ctx, id) => ({ method: 'GET', url: `/api/patient?PatientID=${id}` }),
  },
  {
    name: 'clinician: id',
    kind: 'clinician',
    roles: ['clinician', 'clinic'],
    call: (_ctx, id) => ({ method: 'GET', url: `/api/clinician?id=${id}` }),
  },
  {
    name: 'clinic: id',
    kind: 'clinic',
    roles: ['clinician', 'clinic'],
    call: (_ctx, id) => ({ method: 'GET', url: `/api/clinic?id=${id}` }),
  },
  {
    name: 'patientSessions: id',
    kind: 'patient',
    roles: ['patient', 'clinician', 'clinic'],
    call: (_ctx, id) => ({ method: 'GET', url: `/api/patientSessions?id=${id}` }),
  },
  {
    name: 'session: id',
    kind: 'session',
    roles: ['patient', 'clinician', 'clinic'],
    call: (_ctx, id) => ({ method: 'GET', url: `/api/session?id=${id.split('/')[0] ?? ''}` }),
  },
  {
    name: 'download a session file',
    kind: 'session',
    roles: ['patient', 'clinician', 'clinic'],
    call: (_ctx, id) => {
      const [session = '', sub = ''] = id.split('/');
      return { method: 'GET', url: sessionFilePath(session, sub, 'jointData') };
    },
  },
  {
    name: 'blurJobs: SubSessionID',
    kind: 'session',
    roles: ['clinician', 'clinic'],
    call: (_ctx, id) => ({ method: 'GET', url: `/api/blurJobs?SubSessionID=${subSessionOf(id)}` }),
  },
  ...SESSION_EXPORT_KINDS.map((kind): Case => ({
    name: `exportSession ${kind}: SubSessionID`,
    kind: 'session',
    roles: ['patient', 'clinician', 'clinic'],
    call: (_ctx, id) => ({ method: 'GET', url: `/api/export/session/${subSessionOf(id)}/${kind}` }),
  })),
  {
    name: 'exportSessionsZip: SubSessionIDs',
    kind: 'session',
    roles: ['patient', 'clinician', 'clinic'],
    call: (_ctx, id) => ({
      method: 'POST',
      url: '/api/export/sessions.zip',
      body: { SubSessionIDs: [subSessionOf(id)], Kinds: ['metrics.csv', 'events.csv'] },
    }),
  },
  {
    name: 'exportPatientFhir: UniquePatientID',
    kind: 'patient',
    roles: ['patient', 'clinician', 'clinic'],
    call: (_ctx, id) => ({ method: 'GET', url: `/api/export/patient/${id}/fhir.json` }),
  },
];
