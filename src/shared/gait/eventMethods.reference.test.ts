import { describe, expect, it } from 'vitest';
import {
  EVENT_METHODS,
  methodEvent,
  type EventKind,
  type EventMethod,
} from '../../../tests/fixtures/c3d/eventMethods.ts';
import { REFERENCE_TRIALS, asSensor, loadReferenceTrial } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { Side } from './gaitResult.ts';
import type { JointRecording } from './jointDataFile.ts';

/**
 * The published methods' event timing on the Vicon reference trials, at 100 Hz and as a 30 Hz sensor with 3 mm
 * jitter sees them (six resamplings per trial), beside the engine's: the table of docs/gait-metrics.md. Set
 * PRINT_EVENT_TABLE=1 to print it.
 */
type Column = EventMethod | 'engine';
type Errors = Record<EventKind, number[]>;
const SENSOR_RUNS = 6;

function errorsOf(
  column: Column,
  recording: JointRecording,
  events: ReturnType<typeof loadReferenceTrial>['events'],
): Errors {
  const out: Errors = { heelStrike: [], toeOff: [] };
  const engine = column === 'engine' ? computeGaitMetrics(recording).bouts[0] : undefined;
  const times = recording.bouts[0]?.times ?? new Float64Array();
  for (const side of ['left', 'right'] as Side[]) {
    for (const [kind, vicon] of [
      ['heelStrike', events[side].footStrikes],
      ['toeOff', events[side].footOffs],
    ] as const) {
      for (const v of vicon.filter((e) => e > (times[0] ?? 0) + 0.05 && e < (times.at(-1) ?? 0) - 0.05)) {
        let found: number | undefined;
        if (column === 'engine') {
          const list =
            engine?.status === 'ok' ? engine.events[side][kind === 'heelStrike' ? 'heelStrikes' : 'toeOffs'] : [];
          found = list.reduce<number | undefined>(
            (a, e) => (a === undefined || Math.abs(e - v) < Math.abs(a - v) ? e : a),
            undefined,
          );
          if (found !== undefined && Math.abs(found - v) > 0.15) found = undefined;
        } else {
          found = methodEvent(recording, column, side, kind, v);
        }
        out[kind].push(found === undefined ? Number.NaN : found - v);
      }
    }
  }
  return out;
}

const summary = (values: number[]) => {
  const found = values.filter(Number.isFinite);
  const mean = found.reduce((a, b) => a + b, 0) / found.length;
  const sd = Math.sqrt(found.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, found.length - 1));
  const mae = found.reduce((a, b) => a + Math.abs(b), 0) / found.length;
  return { mean: 1000 * mean, sd: 1000 * sd, mae: 1000 * mae, missed: values.length - found.length };
};

describe('gait event methods on the Vicon reference trials', () => {
  const columns: Column[] = ['engine', ...EVENT_METHODS];
  const table = new Map<string, ReturnType<typeof summary>>();
  for (const trial of REFERENCE_TRIALS) {
    const { recording, events } = loadReferenceTrial(trial);
    const sensed = Array.from({ length: SENSOR_RUNS }, (_, run) =>
      asSensor(recording, 30, 0.003, 2000 + run, run / SENSOR_RUNS),
    );
    for (const column of columns) {
      const at100 = errorsOf(column, recording, events);
      const at30 = sensed.map((r) => errorsOf(column, r, events));
      for (const kind of ['heelStrike', 'toeOff'] as const) {
        table.set(`${trial}|${column}|${kind}|100`, summary(at100[kind]));
        table.set(`${trial}|${column}|${kind}|30`, summary(at30.flatMap((e) => e[kind])));
      }
    }
  }

  it("the engine's events are within 20 ms (100 Hz) and 35 ms (30 Hz, 3 mm) of Vicon's, none missed", () => {
    for (const trial of REFERENCE_TRIALS) {
      for (const kind of ['heelStrike', 'toeOff'] as const) {
        const [at100, at30] = [table.get(`${trial}|engine|${kind}|100`), table.get(`${trial}|engine|${kind}|30`)];
        expect(at100?.mae, `${trial} ${kind}`).toBeLessThan(20);
        expect(at30?.mae, `${trial} ${kind}`).toBeLessThan(35);
        expect(at100?.missed).toBe(0);
      }
    }
  });

  it("Zeni's heel maximum comes about 50 ms before Vicon's heel strike: why it only segments the walk", () => {
    for (const trial of REFERENCE_TRIALS)
      expect(table.get(`${trial}|Zeni 2008|heelStrike|100`)?.mean).toBeLessThan(-30);
  });

  it('prints the table when asked', () => {
    if (process.env.PRINT_EVENT_TABLE !== '1') return;
    const cell = (s: ReturnType<typeof summary> | undefined) =>
      s === undefined
        ? ''
        : `${s.mean >= 0 ? '+' : ''}${s.mean.toFixed(0)} ± ${s.sd.toFixed(0)} (${s.mae.toFixed(0)})${s.missed ? ` ${String(s.missed)} missed` : ''}`;
    for (const rate of ['100', '30'] as const) {
      for (const kind of ['heelStrike', 'toeOff'] as const) {
        console.log(`\n${kind} at ${rate} Hz: | method | ${REFERENCE_TRIALS.join(' | ')} |`);
        for (const column of columns) {
          console.log(
            `| ${column} | ${REFERENCE_TRIALS.map((t) => cell(table.get(`${t}|${column}|${kind}|${rate}`))).join(' | ')} |`,
          );
        }
      }
    }
  });
});
