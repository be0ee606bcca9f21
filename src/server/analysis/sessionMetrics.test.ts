import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { serializeJointData } from '#shared/gait/jointDataFile';
import { engineMetricsFileText } from '#shared/sessions/storedMetricsFile';
import { steadyWalk } from '../../../tests/fixtures/steadyWalk.ts';
import { metricsFileSuffices, readStoredMetrics, sessionMetrics, type SessionMetricsInput } from './sessionMetrics.ts';

const { recording } = steadyWalk(3);
const jointText = serializeJointData(recording);
const engineFile = engineMetricsFileText(computeGaitMetrics(recording), new Date('2026-01-01')) ?? '';
const speedOf = (input: SessionMetricsInput) => {
  const result = sessionMetrics(input);
  if (!result.ok || result.metrics.status !== 'ok') throw new Error('no metrics');
  return result.metrics.session;
};
const base: SessionMetricsInput = { jointText, metricsFile: undefined, heightCm: 170, needsBouts: false };

describe('sessionMetrics: one rule for reports and exports', () => {
  it("stands the engine's current metrics file for the analysis of the joint data, speed per height included", () => {
    const computed = speedOf(base);
    const cached = speedOf({ ...base, metricsFile: readStoredMetrics({ text: engineFile, origin: 'computed' }) });
    expect(cached.speed).toBeCloseTo(computed.speed, 4);
    expect(cached.cadence).toBeCloseTo(computed.cadence, 4);
    expect(cached.speedPerHeight).toBeCloseTo(computed.speedPerHeight ?? Number.NaN, 4);
    expect(metricsFileSuffices(readStoredMetrics({ text: engineFile, origin: 'computed' }))).toBe(true);
  });

  it('analyses the joint data again when an older engine wrote the metrics file', () => {
    const stale = engineFile
      .replace(/"EngineVersion":"[^"]+"/, '"EngineVersion":"1.0.0"')
      .replace(/"Speed_m_per_s":[\d.]+/, '"Speed_m_per_s":9.99');
    expect(metricsFileSuffices(readStoredMetrics({ text: stale, origin: 'computed' }))).toBe(false);
    expect(speedOf({ ...base, metricsFile: readStoredMetrics({ text: stale, origin: 'computed' }) }).speed).toBeCloseTo(
      speedOf(base).speed,
      6,
    );
  });

  it("keeps a user's metrics file whatever the joint data says, and the engine's bouts for the events", () => {
    const users = engineFile.replace(/"Speed_m_per_s":[\d.]+/, '"Speed_m_per_s":1.37');
    const result = sessionMetrics({
      ...base,
      metricsFile: readStoredMetrics({ text: users, origin: 'uploaded' }),
      needsBouts: true,
    });
    if (!result.ok || result.metrics.status !== 'ok') throw new Error('no metrics');
    expect(result.metrics.session.speed).toBe(1.37);
    expect(result.metrics.session.speedPerHeight).toBeCloseTo(1.37 / 1.7, 6);
    expect(result.engine?.bouts.length).toBeGreaterThan(0);
  });

  it("leads the warnings with where a video's joint data came from and why its step width is null", () => {
    const video = engineFile.replace(
      /}\s*$/,
      ',"Provenance":"video, BlazePose full, side view, scale from height 1.68 m","NotMeasured":"No step width from a side view."}',
    );
    const result = sessionMetrics({ ...base, metricsFile: readStoredMetrics({ text: video, origin: 'uploaded' }) });
    expect(result.ok && result.warnings.slice(0, 2)).toEqual([
      'Measured from video, BlazePose full, side view, scale from height 1.68 m.',
      'No step width from a side view.',
    ]);
  });

  it("leaves a side-view video's step width out when its joint data is analysed again for the bouts", () => {
    const video = serializeJointData({ ...recording, view: 'side' });
    const result = sessionMetrics({ ...base, jointText: video, needsBouts: true });
    if (!result.ok || result.metrics.status !== 'ok') throw new Error('no metrics');
    expect(result.metrics.session.stepWidth).toBeNull();
    expect(result.engine?.bouts.every((b) => b.status !== 'ok' || b.metrics.stepWidth === null)).toBe(true);
    expect(speedOf({ ...base, needsBouts: true }).stepWidth).not.toBeNull();
  });

  it('says what is missing when there is nothing to analyse', () => {
    expect(sessionMetrics({ ...base, jointText: undefined })).toEqual({
      ok: false,
      error: 'This session has no joint data or gait metrics file, so it has nothing to export.',
    });
    expect(sessionMetrics({ ...base, jointText: '{"Steps":' })).toMatchObject({ ok: false });
  });
});
