import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from '../gait/gaitMetrics.ts';
import { readMetricsFile } from '../gait/metricsFile.ts';
import { steadyWalk } from '../../../tests/fixtures/steadyWalk.ts';
import { parseClinicFormat } from './clinicFormat.ts';
import { clinicMetricsFileText, engineMetricsFileText } from './storedMetricsFile.ts';

const CLINIC_METRICS = [
  'GaitPortal Clinic Format 1.0',
  'Content: GaitMetrics',
  '',
  '[Metrics]',
  'Speed;session;1.21;m/s',
  'Cadence;session;108;steps/min',
  'StancePercent;session;61;%',
  'SwingPercent;session;39;%',
  'DoubleSupportPercent;session;22;%',
  'SingleSupportPercent;session;39;%',
  'StepLength;session;0.67;m',
  'StepCount;session;14;count',
  'Distance;session;9.4;m',
  'StepLength;left;0.66;m',
  'CycleCount;right;5;count',
  '',
].join('\n');
const generatedAt = new Date('2026-03-04T09:15:00Z');

describe('the stored gait metrics file', () => {
  it("stores the engine's metrics of an analysable walk, and nothing for a walk it cannot analyse", () => {
    const { recording } = steadyWalk(3);
    const read = readMetricsFile(engineMetricsFileText(computeGaitMetrics(recording), generatedAt) ?? '');
    expect(read).toMatchObject({ ok: true, file: { Status: 'ok', SourceFile: 'MainStorageFormat_JointData.json' } });
    expect(engineMetricsFileText(computeGaitMetrics({ bouts: [] }), generatedAt)).toBeUndefined();
  });

  it("stores a clinic's metrics under the file's field names, with only the values the clinic gave", () => {
    const parsed = parseClinicFormat(CLINIC_METRICS);
    if (!parsed.ok || parsed.document.data.kind !== 'gaitMetrics')
      throw new Error('the clinic-format fixture should parse');
    const read = readMetricsFile(clinicMetricsFileText(parsed.document.data.metrics, generatedAt));
    expect(read).toEqual({
      ok: true,
      file: {
        Format: 'MainStorageFormat_SessionMetrics',
        FormatVersion: 2,
        Source: 'clinic',
        GeneratedAt: '2026-03-04T09:15:00.000Z',
        SourceFile: 'GaitPortalClinicFormat_SessionFile.txt',
        Status: 'ok',
        Bouts: [],
        Session: {
          Speed_m_per_s: 1.21,
          Cadence_steps_per_min: 108,
          StancePercent: 61,
          SwingPercent: 39,
          DoubleSupportPercent: 22,
          SingleSupportPercent: 39,
          StepLength_m: 0.67,
          StepCount: 14,
          Distance_m: 9.4,
          Left: { StepLength_m: 0.66 },
          Right: { CycleCount: 5 },
        },
      },
    });
  });
});
