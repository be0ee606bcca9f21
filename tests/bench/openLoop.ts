import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { patientBody } from '../api/support/records.ts';
import { childrenCpuSince, processCpuMs } from './benchServer.ts';

/**
 * The open-loop capacity step (docs/performance.md, "Capacity"): a clinic group's clinicians, each with a token of
 * their own, send requests at fixed intended times whatever the server does, and each latency is counted from the
 * intended send, so a server that falls behind shows its queue in the latency instead of slowing the load down
 * (a closed loop waits for each answer before the next request, and hides exactly the wait users see).
 */

type Kind =
  'sessions page' | 'patients page' | 'one patient' | 'patient sessions' | 'delta' | 'joint data' | 'addPatient';

/** Per 20 requests: 6 session pages, 4 patient pages, 4 single patients, 3 patient-session lists, 1 delta, 1 joint data download, 1 addPatient. */
export const MIX: readonly Kind[] = [
  'sessions page',
  'patients page',
  'one patient',
  'patient sessions',
  'sessions page',
  'patients page',
  'one patient',
  'delta',
  'sessions page',
  'patient sessions',
  'one patient',
  'addPatient',
  'sessions page',
  'patients page',
  'one patient',
  'joint data',
  'sessions page',
  'patient sessions',
  'patients page',
  'sessions page',
];

type Row = Record<string, string | number | boolean | null>;

/** What one clinician's requests need: their token, a few of their patients, one recording with joint data. */
export type Clinician = {
  headers: Record<string, string>;
  patientIds: string[];
  /** A clinic of theirs: a clinician's new patient is linked to one of their clinics. */
  clinicId: string;
  jointDataPath?: string;
  serverTime: string;
  agent: http.Agent;
};

/** Reads each clinician's first page of sessions once, for the ids their requests name. */
export async function clinicianPlans(url: string, tokens: readonly string[]): Promise<Clinician[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
      const res = await fetch(`${url}/api/sessions?limit=100`, { headers });
      if (!res.ok) throw new Error(`a clinician's first page answered ${String(res.status)}`);
      const page = (await res.json()) as { sessions: Row[]; serverTime: string };
      const withData = page.sessions.find((s) => s.Data === true);
      const clinics = (await (await fetch(`${url}/api/clinics?limit=10`, { headers })).json()) as { clinics: Row[] };
      return {
        headers,
        clinicId: String(clinics.clinics[0]?.ClinicID ?? ''),
        patientIds: [...new Set(page.sessions.map((s) => String(s.UniquePatientID)))],
        jointDataPath:
          withData === undefined
            ? undefined
            : sessionFilePath(String(withData.SessionID), String(withData.SubSessionID), 'jointData'),
        serverTime: page.serverTime,
        // A browser opens up to six connections to a host.
        agent: new http.Agent({ keepAlive: true, maxSockets: 6 }),
      };
    }),
  );
}

let added = 0;

function requestOf(kind: Kind, who: Clinician, n: number): { method: string; path: string; body?: string } {
  const patient = who.patientIds[n % Math.max(1, who.patientIds.length)] ?? '';
  switch (kind) {
    case 'sessions page':
      return { method: 'GET', path: '/api/sessions?limit=100' };
    case 'patients page':
      return { method: 'GET', path: '/api/patients?limit=100' };
    case 'one patient':
      return { method: 'GET', path: `/api/patient?PatientID=${encodeURIComponent(patient)}` };
    case 'patient sessions':
      return { method: 'GET', path: `/api/patientSessions?id=${encodeURIComponent(patient)}` };
    case 'delta':
      return { method: 'GET', path: `/api/sessions?limit=5000&modifiedSince=${encodeURIComponent(who.serverTime)}` };
    case 'joint data':
      return who.jointDataPath === undefined
        ? { method: 'GET', path: '/api/sessions?limit=10' }
        : { method: 'GET', path: who.jointDataPath };
    case 'addPatient':
      return {
        method: 'POST',
        path: '/api/addPatient',
        body: JSON.stringify(
          patientBody({ ID: `OPEN-${randomBytes(4).toString('hex')}-${String(added++)}`, ClinicIDs: [who.clinicId] }),
        ),
      };
  }
}

/** Sends one request and resolves when its answer's last byte has arrived: its status, or 0 on a socket error. */
function send(url: string, who: Clinician, request: ReturnType<typeof requestOf>): Promise<number> {
  return new Promise((resolve) => {
    const headers = request.body === undefined ? who.headers : { ...who.headers, 'content-type': 'application/json' };
    const req = http.request(`${url}${request.path}`, { method: request.method, headers, agent: who.agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.setTimeout(30_000, () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(request.body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

export type StepResult = {
  offered: number;
  achieved: number;
  p50: number;
  p99: number;
  errors: number;
  /** The failed requests by kind and status ("no answer": a socket error or the 30 s timeout). */
  errorKinds: string;
  sent: number;
  nodeCpuPerRequest: number;
  databaseCpuPerRequest: number;
};

/**
 * One step: `rate` requests a second for `seconds`, request i intended at start + i / rate, by clinician i mod n,
 * its kind rotating through MIX so that each clinician meets every kind. Achieved is the answered (2xx) requests over
 * the time from the first intended send to the last answer.
 */
export async function openLoopStep(
  url: string,
  clinicians: readonly Clinician[],
  rate: number,
  seconds: number,
  pid: number,
  databaseCpu?: () => Map<number, number>,
): Promise<StepResult> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let ok = 0;
  const failures = new Map<string, number>();
  let lastAnswer = 0;
  const pending: Promise<void>[] = [];
  const cpuFrom = processCpuMs(pid);
  const databaseFrom = databaseCpu?.();
  const start = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && start + (next * 1000) / rate <= now) {
      const i = next++;
      const intended = start + (i * 1000) / rate;
      const c = i % clinicians.length;
      const who = clinicians[c];
      if (who === undefined) continue;
      const kind = MIX[(c + Math.floor(i / clinicians.length)) % MIX.length] ?? 'sessions page';
      pending.push(
        send(url, who, requestOf(kind, who, i)).then((status) => {
          const end = performance.now();
          latencies.push(end - intended);
          lastAnswer = Math.max(lastAnswer, end);
          if (status >= 200 && status < 300) ok++;
          else {
            errors++;
            const what = `${kind} ${status === 0 ? 'no answer' : String(status)}`;
            failures.set(what, (failures.get(what) ?? 0) + 1);
          }
        }),
      );
    }
    const wait = start + (next * 1000) / rate - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(wait, 5))));
  }
  await Promise.all(pending);
  const cpuMs = processCpuMs(pid) - cpuFrom;
  const databaseMs =
    databaseCpu === undefined || databaseFrom === undefined ? NaN : childrenCpuSince(databaseFrom, databaseCpu());
  latencies.sort((a, b) => a - b);
  return {
    offered: rate,
    achieved: (ok * 1000) / Math.max(1, lastAnswer - start),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    errorKinds: [...failures].map(([what, n]) => `${String(n)} ${what}`).join(', '),
    sent: total,
    nodeCpuPerRequest: cpuMs / Math.max(1, ok + errors),
    databaseCpuPerRequest: databaseMs / Math.max(1, ok + errors),
  };
}
