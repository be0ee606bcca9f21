import { REPORT_METRIC_NAMES } from '#shared/reports/reportMetrics';
import { DEMO_LOGINS, DEMO_PASSWORD } from '#server/seed/demoPeople';
import { startBenchServer } from './benchServer.ts';
import { benchRow } from './table.ts';

const RUNS = 7;
const BUDGET_MS = 300;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

type Row = { SessionID: string; SubSessionID: string; UniquePatientID: string; ClinicianID: string; Data: boolean };

async function time(run: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { median: median(times), max: Math.max(...times) };
}

/**
 * The report endpoint as a user meets it, over HTTP on the built server with its database and stored files: POST
 * generate-report (the server reads the recordings, runs the analysis and renders), then GET the report by its signed
 * link. Baseline in the same run: an authenticated read of one patient over the same HTTP (token, scope, audit).
 */
export async function benchReportGeneration(): Promise<void> {
  const server = await startBenchServer(Number(process.env.BENCH_REPORT_PORT ?? 8326));
  try {
    const login = await fetch(`${server.url}/api/adminLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_LOGINS.admin, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { Data: { AccessToken: string } }).Data.AccessToken;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const list = await fetch(`${server.url}/api/sessions?limit=5000`, { headers });
    const rows = ((await list.json()) as { sessions: Row[] }).sessions.filter((s) => s.Data);
    // The patient with the most recordings: their multi-session report is the largest the demo data gives.
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.UniquePatientID, (counts.get(r.UniquePatientID) ?? 0) + 1);
    const patientId = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const mine = rows.filter((r) => r.UniquePatientID === patientId);
    // n recordings: one patient's when the demo data holds that many, else those of the most recorded patients (a
    // multi-patient report); 50 is the largest report a clinician asks for in one go.
    const byRecordings = [...rows].sort(
      (a, b) => (counts.get(b.UniquePatientID) ?? 0) - (counts.get(a.UniquePatientID) ?? 0),
    );
    const recordings = (n: number) => (mine.length >= n ? mine.slice(0, n) : byRecordings.slice(0, n));
    type ReportType = 'session' | 'multi-session' | 'multi-patient';
    const body = (sessions: Row[], type: ReportType) =>
      JSON.stringify({
        patientIDs: [...new Set(sessions.map((s) => s.UniquePatientID))],
        sessionIDs: sessions.map((s) => s.SessionID),
        subSessionIDs: sessions.map((s) => s.SubSessionID),
        clinicianIDs: [...new Set(sessions.map((s) => s.ClinicianID))],
        metrics: [...REPORT_METRIC_NAMES],
        report_type: type,
        xAxisType: 'SessionNumber',
      });
    const report = async (sessions: Row[], type: ReportType) => {
      const res = await fetch(`${server.url}/api/generate-report`, {
        method: 'POST',
        headers,
        body: body(sessions, type),
      });
      if (!res.ok) throw new Error(`generate-report answered ${String(res.status)}: ${await res.text()}`);
      const links = (await res.json()) as { htmlPath: string; pdfPath?: string };
      await (await fetch(`${server.url}${links.htmlPath}`)).arrayBuffer();
      if (links.pdfPath !== undefined) await (await fetch(`${server.url}${links.pdfPath}`)).arrayBuffer();
    };
    const first = mine[0];
    if (first === undefined) throw new Error('report bench: the demo data has no recording with joint data');
    const baseline = await time(async () => {
      await (await fetch(`${server.url}/api/patient?PatientID=${patientId}`, { headers })).arrayBuffer();
    });
    const many = (n: number): [string, Row[], ReportType] => {
      const sessions = recordings(n);
      const onePatient = new Set(sessions.map((r) => r.UniquePatientID)).size === 1;
      const what = `${String(sessions.length)} sessions, ${onePatient ? 'trend' : 'multi-patient'}, HTML`;
      return [what, sessions, onePatient ? 'multi-session' : 'multi-patient'];
    };
    const cases: [string, Row[], ReportType][] = [['one session, HTML + PDF', [first], 'session'], many(10), many(50)];
    for (const [what, sessions, type] of cases) {
      const { median: ms, max } = await time(() => report(sessions, type));
      console.log(
        `report endpoint over HTTP, ${what}: median ${ms.toFixed(0)} ms, max ${max.toFixed(0)} ms of ${String(RUNS)}; one patient read ${baseline.median.toFixed(1)} ms`,
      );
      benchRow({
        measure: 'Report endpoint',
        measured: `${what}: median ${ms.toFixed(0)} ms, max ${max.toFixed(0)} ms (generate + GET)`,
        baseline: `GET /api/patient ${baseline.median.toFixed(1)} ms`,
        ratio: `${(ms / baseline.median).toFixed(1)}×`,
        met: ms <= BUDGET_MS,
      });
    }
  } finally {
    await server.stop();
  }
}
