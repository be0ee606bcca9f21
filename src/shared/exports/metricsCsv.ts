import type { FootMetrics, GaitMetrics } from '../gait/gaitResult.ts';
import { csvText, type CsvValue } from './csvText.ts';
import { SESSION_COLUMNS, sessionCells, type SessionExport } from './sessionExport.ts';

/** Each column of metrics.csv: its header (unit in the name) and its value for one side or for the whole walk. */
const SIDE_COLUMNS: readonly [string, (m: FootMetrics) => CsvValue][] = [
  ['step_count', (m) => m.stepCount],
  ['cycle_count', (m) => m.cycleCount],
  ['step_length_m', (m) => m.stepLength],
  ['stride_length_m', (m) => m.strideLength],
  ['step_width_m', (m) => m.stepWidth],
  ['step_time_s', (m) => m.stepTime],
  ['stride_time_s', (m) => m.strideTime],
  ['stance_time_s', (m) => m.stanceTime],
  ['swing_time_s', (m) => m.swingTime],
  ['stance_percent', (m) => m.stancePercent],
  ['swing_percent', (m) => m.swingPercent],
  ['double_support_percent', (m) => m.doubleSupportPercent],
  ['single_support_percent', (m) => m.singleSupportPercent],
  ['initial_double_support_percent', (m) => m.initialDoubleSupportPercent],
  ['terminal_double_support_percent', (m) => m.terminalDoubleSupportPercent],
  ['stride_time_cv_percent', (m) => m.variability.strideTimeCv],
  ['stride_length_cv_percent', (m) => m.variability.strideLengthCv],
  ['step_width_cv_percent', (m) => m.variability.stepWidthCv],
];
const WALK_COLUMNS: readonly [string, (m: GaitMetrics) => CsvValue][] = [
  ['speed_m_per_s', (m) => m.speed],
  ['cadence_steps_per_min', (m) => m.cadence],
  ['distance_m', (m) => m.distance],
  ['duration_s', (m) => m.duration],
];

export const METRICS_CSV_HEADER = [
  ...SESSION_COLUMNS,
  'bout',
  'side',
  ...WALK_COLUMNS.map(([name]) => name),
  ...SIDE_COLUMNS.map(([name]) => name),
  'note',
] as const;

/**
 * metrics.csv: the engine's metrics per session, per walking bout and per side. For each of the session and its
 * analysed bouts, a row for both feet together ("both": whole-walk speed, cadence, distance, duration and the means
 * over both feet) and one per foot ("left", "right"; whole-walk columns empty). `bout` is "session" or the bout's
 * number. A session the engine could not analyse has one row with its reason in `note`.
 */
export function metricsCsv(sessions: readonly SessionExport[]): string {
  const rows: CsvValue[][] = [];
  for (const session of sessions) {
    const { analysis } = session;
    if (analysis.status === 'insufficient-data') {
      rows.push([
        ...sessionCells(session),
        'session',
        'both',
        ...blank(WALK_COLUMNS.length + SIDE_COLUMNS.length),
        analysis.reason,
      ]);
      continue;
    }
    rows.push(...walkRows(session, 'session', analysis.session));
    for (const bout of analysis.bouts) {
      if (bout.status === 'ok') rows.push(...walkRows(session, bout.bout, bout.metrics));
      else
        rows.push([
          ...sessionCells(session),
          bout.bout,
          'both',
          ...blank(WALK_COLUMNS.length + SIDE_COLUMNS.length),
          bout.reason,
        ]);
    }
  }
  return csvText(METRICS_CSV_HEADER, rows);
}

function walkRows(session: SessionExport, bout: number | 'session', m: GaitMetrics): CsvValue[][] {
  const side = (name: string, metrics: FootMetrics, walk: CsvValue[]) => [
    ...sessionCells(session),
    bout,
    name,
    ...walk,
    ...SIDE_COLUMNS.map(([, pick]) => pick(metrics)),
    '',
  ];
  return [
    side(
      'both',
      m,
      WALK_COLUMNS.map(([, pick]) => pick(m)),
    ),
    side('left', m.left, blank(WALK_COLUMNS.length)),
    side('right', m.right, blank(WALK_COLUMNS.length)),
  ];
}

const blank = (count: number): CsvValue[] => new Array<CsvValue>(count).fill(null);
