import type { FootEvents, GaitEvents, Side } from '../gait/gaitResult.ts';
import { csvText, type CsvValue } from './csvText.ts';
import { SESSION_COLUMNS, sessionCells, type SessionExport } from './sessionExport.ts';

export const CYCLES_CSV_HEADER = [
  ...SESSION_COLUMNS,
  'bout',
  'side',
  'cycle',
  'heel_strike_s',
  'toe_off_s',
  'next_heel_strike_s',
  'stride_time_s',
  'step_time_s',
  'stance_time_s',
  'swing_time_s',
  'stance_percent',
  'swing_percent',
  'initial_double_support_percent',
  'terminal_double_support_percent',
  'double_support_percent',
  'single_support_percent',
] as const;

/**
 * cycles.csv: one row per gait cycle, from the engine's events with the definitions of Perry & Burnfield (2010,
 * Gait Analysis: Normal and Pathological Function) that the engine uses: a cycle runs from a heel strike to the next
 * of the same foot and counts only if it holds, in order, the other foot's toe off, the other foot's heel strike and
 * this foot's toe off (so partial cycles at a bout's ends are left out). Step time is the other foot's heel strike to
 * this cycle's closing heel strike. The engine's session means (metrics.csv) may also leave out cycles whose stride
 * time is far from the typical one; lengths per cycle are not given, as they need the engine's footprints.
 */
export function cyclesCsv(sessions: readonly SessionExport[]): string {
  const rows: CsvValue[][] = [];
  for (const session of sessions) {
    for (const bout of session.analysis.bouts) {
      if (bout.status !== 'ok') continue;
      for (const side of ['left', 'right'] as const) {
        gaitCycles(bout.events, side).forEach((c, i) => {
          const percent = (seconds: number) => (100 * seconds) / c.stride;
          rows.push([
            ...sessionCells(session),
            bout.bout,
            side,
            i + 1,
            c.start,
            c.toeOff,
            c.end,
            c.stride,
            c.end - c.otherStrike,
            c.toeOff - c.start,
            c.end - c.toeOff,
            percent(c.toeOff - c.start),
            percent(c.end - c.toeOff),
            percent(c.otherToeOff - c.start),
            percent(c.toeOff - c.otherStrike),
            percent(c.otherToeOff - c.start + c.toeOff - c.otherStrike),
            percent(c.otherStrike - c.otherToeOff),
          ]);
        });
      }
    }
  }
  return csvText(CYCLES_CSV_HEADER, rows);
}

type CycleEvents = {
  start: number;
  otherToeOff: number;
  otherStrike: number;
  toeOff: number;
  end: number;
  stride: number;
};

/** The complete cycles of one foot, in time order. */
function gaitCycles(events: GaitEvents, side: Side): CycleEvents[] {
  const own: FootEvents = events[side];
  const other: FootEvents = events[side === 'left' ? 'right' : 'left'];
  const strikes = [...own.heelStrikes].sort((a, b) => a - b);
  const cycles: CycleEvents[] = [];
  for (let i = 0; i + 1 < strikes.length; i++) {
    const [start = 0, end = 0] = [strikes[i], strikes[i + 1]];
    const toeOffs = own.toeOffs.filter((t) => t > start && t < end);
    const toeOff = toeOffs.length === 1 ? toeOffs[0] : undefined;
    if (toeOff === undefined) continue;
    const otherToeOff = only(other.toeOffs.filter((t) => t >= start && t < toeOff));
    if (otherToeOff === undefined) continue;
    const otherStrike = only(other.heelStrikes.filter((t) => t > otherToeOff && t <= toeOff));
    if (otherStrike === undefined) continue;
    cycles.push({ start, otherToeOff, otherStrike, toeOff, end, stride: end - start });
  }
  return cycles;
}

const only = (list: number[]): number | undefined => (list.length === 1 ? list[0] : undefined);
