/**
 * The one table `npm run bench` ends with: every measure the performance budgets name, its goal, what this run
 * measured, the same-run baseline and the ratio. A bench file adds its rows with `benchRow`; a measure no bench
 * reported in this run is printed as such, never left out.
 */
export type BenchRow = {
  /** One of BUDGETS' measures, or a new one (printed after them). */
  measure: string;
  measured: string;
  baseline?: string;
  ratio?: string;
  /** Whether the goal is met; undefined when the goal cannot be judged from the figures (e.g. load too high). */
  met?: boolean;
};

/** The measures and goals of the budget table in docs/performance.md. */
export const BUDGETS: readonly { measure: string; goal: string }[] = [
  { measure: 'Session browser filter change at 100k (UI)', goal: '≤ 16 ms' },
  { measure: 'First sync of 100k sessions (browser)', goal: '≤ 5 s, no long task > 50 ms' },
  { measure: 'GET /api/sessions page at 100k', goal: '≤ 50 ms per page (5,000 rows, as the app asks)' },
  { measure: 'GET /api/sessions page at 100k, scoped role', goal: '≤ 50 ms per page (5,000 rows, as the app asks)' },
  { measure: 'Longest wait of a small request during a 100k sync', goal: '≤ 50 ms' },
  { measure: "Clinician's 100-row session page vs minimal peer route", goal: 'printed beside the peer, same run' },
  { measure: 'Per-request CPU vs its in-process floor', goal: '≤ 1.5× (session and patient pages)' },
  {
    measure: 'Open-loop capacity, 60 clinicians, SQLite',
    goal: '≥ 300 req/s at p99 ≤ 250 ms, 0 errors, ≥ 95 % achieved',
  },
  {
    measure: 'Open-loop capacity, 60 clinicians, PostgreSQL',
    goal: '≥ 300 req/s at p99 ≤ 250 ms, 0 errors, ≥ 95 % achieved',
  },
  { measure: 'Static assets and API JSON compressed', goal: 'brotli/gzip, precompressed static' },
  { measure: 'Login page JS transferred', goal: '≤ 150 KB' },
  { measure: 'Lighthouse mobile /login LCP', goal: '≤ 1.0 s' },
  { measure: 'Lighthouse mobile /clinician/sessions', goal: 'LCP ≤ 2.5 s, TBT ≤ 200 ms' },
  { measure: 'Gait engine 18,000 frames vs JSON.parse', goal: '≤ 1.2×, metrics ≤ 5 ms' },
  { measure: 'Skeleton viewer parse + events vs JSON.parse', goal: '≤ 1.5×' },
  { measure: '1 GiB upload vs plain file copy', goal: '≥ 0.8×' },
  { measure: 'Report endpoint', goal: '≤ 300 ms per report (generate + GET), 1 to 50 sessions' },
  { measure: 'Pose on a walking video, device (headless Chromium)', goal: 'a 10 s clip within 1 min' },
  { measure: 'Pose on a walking video, server job', goal: 'a 10 s clip within 1 min' },
];

const rows: BenchRow[] = [];

export function benchRow(row: BenchRow): void {
  rows.push(row);
}

const cell = (text: string, width: number) => text.padEnd(width);

export function printBenchTable(): void {
  const goals = new Map(BUDGETS.map((b) => [b.measure, b.goal]));
  const measures = [...BUDGETS.map((b) => b.measure), ...rows.map((r) => r.measure).filter((m) => !goals.has(m))];
  const lines = [...new Set(measures)].flatMap((measure) => {
    const found = rows.filter((r) => r.measure === measure);
    const goal = goals.get(measure) ?? '';
    if (found.length === 0) return [[measure, goal, 'not measured in this run', '', '', '']];
    return found.map((r) => {
      const verdict = r.met === undefined ? '?' : r.met ? 'met' : 'NOT MET';
      return [measure, goal, r.measured, r.baseline ?? '', r.ratio ?? '', verdict];
    });
  });
  const header = ['Measure', 'Goal', 'Measured', 'Baseline (same run)', 'Ratio', 'Goal'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  console.log('\n== Budgets');
  for (const line of [header, widths.map((w) => '-'.repeat(w)), ...lines]) {
    console.log(line.map((text, i) => cell(text, widths[i] ?? 0)).join(' | '));
  }
}
