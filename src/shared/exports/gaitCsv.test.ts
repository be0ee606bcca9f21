import { describe, expect, it } from 'vitest';
import { person001Walk } from '../../../tests/fixtures/formats/walks.ts';
import { computeGaitMetrics } from '../gait/gaitMetrics.ts';
import { decodeUtf8, encodeUtf8 } from '../utf8.ts';
import { csvText } from './csvText.ts';
import { CYCLES_CSV_HEADER, cyclesCsv } from './cyclesCsv.ts';
import { EVENTS_CSV_HEADER, eventsCsv } from './eventsCsv.ts';
import { METRICS_CSV_HEADER, metricsCsv } from './metricsCsv.ts';
import type { SessionExport } from './sessionExport.ts';

const analysis = computeGaitMetrics(person001Walk());
const session: SessionExport = {
  givenPatientId: 'Zoë, 7',
  sessionNumber: 2,
  subSessionNumber: 1,
  dateTime: '2026-03-04T09:15:00.000Z',
  analysis,
};
const failed: SessionExport = {
  ...session,
  subSessionNumber: 2,
  analysis: computeGaitMetrics({ bouts: [{ times: Float64Array.from([0, 0.1]), positions: new Float32Array(120) }] }),
};

/** RFC 4180 rows (quoted fields may hold commas). */
function rows(text: string): string[][] {
  const out: string[][] = [];
  for (const line of text.split('\r\n').filter((l) => l !== '')) {
    const fields: string[] = [];
    for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
      const [, field = ''] = match;
      fields.push(field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field);
      if (match[2] === '') break;
    }
    out.push(fields);
  }
  return out;
}

describe('CSV exports', () => {
  it('metrics.csv has a fixed header: session columns, bout, side, then each measure with its unit', () => {
    const [header = [], ...body] = rows(metricsCsv([session]));
    expect(header).toEqual([...METRICS_CSV_HEADER]);
    expect(header).toEqual([
      'patient_id',
      'session',
      'sub_session',
      'date_time',
      'bout',
      'side',
      'speed_m_per_s',
      'cadence_steps_per_min',
      'distance_m',
      'duration_s',
      'step_count',
      'cycle_count',
      'step_length_m',
      'stride_length_m',
      'step_width_m',
      'step_time_s',
      'stride_time_s',
      'stance_time_s',
      'swing_time_s',
      'stance_percent',
      'swing_percent',
      'double_support_percent',
      'single_support_percent',
      'initial_double_support_percent',
      'terminal_double_support_percent',
      'stride_time_cv_percent',
      'stride_length_cv_percent',
      'step_width_cv_percent',
      'note',
    ]);
    expect(body.map((r) => [r[4], r[5]])).toEqual([
      ['session', 'both'],
      ['session', 'left'],
      ['session', 'right'],
      ['1', 'both'],
      ['1', 'left'],
      ['1', 'right'],
    ]);
    for (const row of body) expect(row).toHaveLength(header.length);
  });

  it("writes the engine's values with a decimal point, whatever the locale, and the patient id in UTF-8", () => {
    const text = metricsCsv([session]);
    const [header = [], both = []] = rows(decodeUtf8(encodeUtf8(text)));
    const cell = (name: string) => both[header.indexOf(name)] ?? '';
    expect(cell('patient_id')).toBe('Zoë, 7');
    if (analysis.status !== 'ok') throw new Error(analysis.reason);
    expect(Number(cell('speed_m_per_s'))).toBeCloseTo(analysis.session.speed, 6);
    expect(cell('cadence_steps_per_min')).toMatch(/^\d+\.\d+$/);
    expect(text).toContain('"Zoë, 7"');
  });

  it('says why a session could not be analysed', () => {
    const body = rows(metricsCsv([failed])).slice(1);
    expect(body).toHaveLength(1);
    expect(body[0]?.at(-1)).toMatch(/No walking bout could be analysed/);
  });

  it('events.csv has one row per heel strike and toe off, in time order', () => {
    const [header = [], ...body] = rows(eventsCsv([session, failed]));
    expect(header).toEqual(['patient_id', 'session', 'sub_session', 'date_time', 'bout', 'side', 'event', 'time_s']);
    expect(header).toEqual([...EVENTS_CSV_HEADER]);
    const bout = analysis.bouts[0];
    if (bout?.status !== 'ok') throw new Error('bout');
    const count = (['left', 'right'] as const).reduce(
      (n, s) => n + bout.events[s].heelStrikes.length + bout.events[s].toeOffs.length,
      0,
    );
    expect(body).toHaveLength(count);
    const times = body.map((r) => Number(r[7]));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(body.map((r) => r[6]))).toEqual(new Set(['heel strike', 'toe off']));
  });

  it("cycles.csv has one row per complete gait cycle, agreeing with the engine's means", () => {
    const [header = [], ...body] = rows(cyclesCsv([session]));
    expect(header).toEqual([...CYCLES_CSV_HEADER]);
    expect(header.slice(4)).toEqual([
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
    ]);
    if (analysis.status !== 'ok') throw new Error(analysis.reason);
    const left = body.filter((r) => r[5] === 'left');
    expect(left.length).toBeGreaterThanOrEqual(analysis.session.left.cycleCount);
    const column = (name: string) => body.map((r) => Number(r[header.indexOf(name)]));
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(Math.abs(mean(column('stance_percent')) - analysis.session.stancePercent)).toBeLessThan(2);
    for (const row of body) {
      const [stance, swing] = [
        Number(row[header.indexOf('stance_percent')]),
        Number(row[header.indexOf('swing_percent')]),
      ];
      expect(stance + swing).toBeCloseTo(100, 4);
    }
  });

  it('neutralises text a spreadsheet would run as a formula, per OWASP, and leaves numbers alone', () => {
    const hostile = ['=HYPERLINK("http://x","open")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', 'Zoë'];
    expect(
      csvText(
        ['id', 'n'],
        hostile.map((id) => [id, -1.5]),
      ),
    ).toBe(
      'id,n\r\n' +
        ['"\'=HYPERLINK(""http://x"",""open"")"', "'+1", "'-2+3", "'@SUM(A1)", "'\tx", '"\'\rx"', 'Zoë']
          .map((cell) => `${cell},-1.5\r\n`)
          .join(''),
    );
    const text = metricsCsv([{ ...session, givenPatientId: '=HYPERLINK("http://x","open")' }]);
    const [header = [], row = []] = rows(text);
    expect(row[header.indexOf('patient_id')]).toBe('\'=HYPERLINK("http://x","open")');
  });

  it('quotes fields that hold commas, quotes or line breaks and leaves missing values empty', () => {
    expect(csvText(['a', 'b', 'c', 'd'], [['say "hi"', 'x,y', null, -0.0000001]])).toBe(
      'a,b,c,d\r\n"say ""hi""","x,y",,0\r\n',
    );
    expect(csvText(['n'], [[1e21], [Number.NaN], [0.1 + 0.2]])).toBe('n\r\n1000000000000000000000\r\n\r\n0.3\r\n');
  });
});
