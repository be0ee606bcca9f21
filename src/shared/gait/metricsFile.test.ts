import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from './gaitMetrics.ts';
import { readMetricsFile, toMetricsFile } from './metricsFile.ts';
import { METRICS_FILE_NAME, metricsFileSchema, type MetricsFile } from './metricsFileSchema.ts';
import { syntheticWalk } from './syntheticWalk.ts';

const { recording } = syntheticWalk({
  seed: 4,
  speed: 1.3,
  cadence: 110,
  stancePercent: 60,
  direction: 'toward',
  durationS: 8,
  bouts: 2,
});
recording.bouts.push({ times: new Float64Array([0, 0.033]), positions: new Float32Array(120) });
const result = computeGaitMetrics(recording);
const file = toMetricsFile(result, {
  generatedAt: new Date('2026-03-01T10:00:00Z'),
  sessionId: 'S-1',
  sourceFile: 'MainStorageFormat_JointData.json',
});
const errorOf = (value: unknown) => {
  const read = readMetricsFile(typeof value === 'string' ? value : JSON.stringify(value));
  return read.ok ? 'read' : read.error;
};

describe('the gait metrics file', () => {
  it('stores version, method, session and per-bout metrics per side, events and status', () => {
    expect(METRICS_FILE_NAME).toBe('MainStorageFormat_SessionMetrics.json');
    expect(file.Format).toBe('MainStorageFormat_SessionMetrics');
    expect(file.EngineVersion).toBe(result.engineVersion);
    expect(file.Method).toMatch(/Zeni/);
    expect(file.Status).toBe('ok');
    expect(file.Session?.Left.StepLength_m).toBeGreaterThan(0.5);
    expect(file.Bouts.map((b) => b.Status)).toEqual(['ok', 'ok', 'insufficient-data']);
    const [first, , third] = file.Bouts;
    expect(first?.Status === 'ok' && first.Events.Right.HeelStrikes_s.length).toBeGreaterThan(3);
    expect(third?.Status === 'insufficient-data' && third.Reason).toMatch(/not tracked|moved|pelvis/);
    expect(metricsFileSchema.safeParse(file).success).toBe(true);
  });

  it('stores the measures of format version 2: stride and step measures, symmetry, variability, joint angles', () => {
    expect(file.FormatVersion).toBe(2);
    const session = file.Session;
    expect(session?.StrideLength_m).toBeGreaterThan(1);
    expect(session?.Left.StepWidth_m).toBeGreaterThan(0.1);
    expect(session?.Left.InitialDoubleSupportPercent).toBeGreaterThan(5);
    expect(session?.StrideTimeCV_percent).toBeGreaterThan(0);
    expect(session?.Symmetry_percent?.StepLength).toEqual(expect.any(Number));
    expect(session?.Left.KneeFlexion?.Mean_deg).toHaveLength(101);
    expect(session?.Left.KneeFlexion?.RangeOfMotion_deg).toBeGreaterThan(30);
    // Without the patient's height the engine cannot normalise speed to it.
    expect(session?.SpeedPerHeight_per_s).toBeNull();
  });

  it('still reads a file of format version 1, which has none of them', () => {
    const strip = <T extends Record<string, unknown>>(side: T) =>
      Object.fromEntries(
        Object.entries(side).filter(([key]) =>
          [
            'StepCount',
            'CycleCount',
            'StepLength_m',
            'StrideTime_s',
            'StancePercent',
            'SwingPercent',
            'DoubleSupportPercent',
            'SingleSupportPercent',
          ].includes(key),
        ),
      );
    const session = file.Session ?? undefined;
    if (session === undefined) throw new Error('no session');
    const version1 = {
      ...file,
      FormatVersion: 1,
      Session: {
        ...strip(session),
        Speed_m_per_s: session.Speed_m_per_s,
        Cadence_steps_per_min: session.Cadence_steps_per_min,
        Distance_m: session.Distance_m,
        Duration_s: session.Duration_s,
        Left: strip(session.Left),
        Right: strip(session.Right),
      },
      Bouts: [],
    };
    expect(errorOf(version1)).toBe('read');
  });

  it('reads back what it writes', () => {
    const read = readMetricsFile(JSON.stringify(file));
    expect(read).toEqual({ ok: true, file });
  });

  it('rounds to four decimals', () => {
    const speed = file.Session?.Speed_m_per_s ?? 0;
    expect(Math.round(speed * 1e4) / 1e4).toBe(speed);
  });

  it('stores an unanalysable recording with its reason and no session', () => {
    const empty = toMetricsFile(computeGaitMetrics({ bouts: [] }), { generatedAt: new Date(0) });
    expect(empty).toMatchObject({ Status: 'insufficient-data', Session: null, Bouts: [] });
    expect(empty.Reason).toBe('The recording holds no walking bouts.');
    expect(errorOf(empty)).toBe('read');
  });

  it('explains what is wrong with an uploaded file', () => {
    const withSpeed = (value: unknown) => ({ ...file, Session: { ...file.Session, Speed_m_per_s: value } });
    expect(errorOf('{')).toBe('Gait metrics file is not valid JSON.');
    expect(errorOf([1])).toBe('Gait metrics file must hold one JSON object.');
    expect(errorOf({ ...file, Format: 'MainStorageFormat_JointData' })).toBe(
      'This is not a gait metrics file: its Format should be "MainStorageFormat_SessionMetrics".',
    );
    expect(errorOf({ ...file, FormatVersion: 3 })).toBe(
      'Gait metrics file format version 3 is newer than this portal reads (2).',
    );
    expect(errorOf(withSpeed('fast'))).toBe(
      'Gait metrics file is not valid at Session.Speed_m_per_s: Speed_m_per_s must be a number.',
    );
    expect(errorOf(withSpeed(-1))).toBe(
      'Gait metrics file is not valid at Session.Speed_m_per_s: Speed_m_per_s cannot be negative.',
    );
    expect(errorOf({ ...file, Session: null })).toBe(
      'Gait metrics file is not valid at Session: Session metrics must be present exactly when Status is "ok".',
    );
    const { GeneratedAt: _, ...undated } = file;
    expect(errorOf(undated)).toBe(
      'Gait metrics file is not valid at GeneratedAt: GeneratedAt must be an ISO 8601 date and time.',
    );
    const badBout: MetricsFile = { ...file, Bouts: [{ Bout: 0, Status: 'insufficient-data', Reason: '' }] };
    expect(errorOf(badBout)).toBe('Gait metrics file is not valid at Bouts[0].Bout: Bout numbers start at 1.');
  });

  it("reads a clinic's metrics without engine, bouts or per-side values, but not without the report metrics", () => {
    const {
      Left: _l,
      Right: _r,
      StrideTime_s: _s,
      Duration_s: _d,
      CycleCount: _c,
      ...reportMetrics
    } = file.Session ?? {};
    const clinic = {
      Format: file.Format,
      FormatVersion: 1,
      Source: 'clinic',
      GeneratedAt: file.GeneratedAt,
      Status: 'ok',
      Session: { ...reportMetrics, Left: { StepLength_m: 0.66 }, Right: {} },
      Bouts: [],
    };
    expect(errorOf(clinic)).toBe('read');
    const { Speed_m_per_s: _speed, ...withoutSpeed } = clinic.Session;
    expect(errorOf({ ...clinic, Session: withoutSpeed })).toBe(
      'Gait metrics file is not valid at Session.Speed_m_per_s: Speed_m_per_s must be a number.',
    );
  });
});
