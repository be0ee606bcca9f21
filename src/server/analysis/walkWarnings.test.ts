import { describe, expect, it } from 'vitest';
import { serializeJointData } from '#shared/gait/jointDataFile';
import { readMetricsFile } from '#shared/gait/metricsFile';
import { renderReportHtml } from '#shared/reports/reportHtml';
import { onGround } from '../../../tests/fixtures/gait/slopedWalk.ts';
import { zUpKinectV2Csv } from '../../../tests/fixtures/formats/turnedAxes.ts';
import { reportModel, reportSession } from '../../../tests/fixtures/reports/reportModels.ts';
import { steadyWalk } from '../../../tests/fixtures/steadyWalk.ts';
import { analyseSessionFile } from './analyseSessionFile.ts';
import { reportAnalysis } from './reportAnalysis.ts';
import { readStoredMetrics } from './sessionMetrics.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const Z_UP = "The skeleton stands on +Z, not on +Y (Kinect v2 camera space's up): the walk is stood upright on it.";

/** The metrics file stored with a session file, as analyseSessionFile computes it. */
function storedMetrics(bytes: Uint8Array): string {
  const analysed = analyseSessionFile(bytes, NOW);
  if (!analysed.ok) throw new Error(analysed.error);
  const text =
    analysed.kind === 'recording'
      ? analysed.conversion?.metricsText
      : analysed.kind === 'jointData'
        ? analysed.metricsText
        : undefined;
  if (text === undefined) throw new Error(`no metrics for ${analysed.kind}`);
  return text;
}

/** The report's HTML for one session whose stored files are the metrics file (and the joint data, when given). */
function reportOf(metricsText: string, jointText?: string): string {
  const analysis = reportAnalysis({
    metricsFile: readStoredMetrics({ text: metricsText, origin: 'computed' }),
    jointBytes: jointText === undefined ? undefined : new TextEncoder().encode(jointText).buffer,
    hasJointData: true,
    heightCm: 165,
  });
  return renderReportHtml(reportModel({ sessions: [reportSession(1, 1.2, { analysis })] }));
}

describe('what a recording is warned of reaches the metrics file and the report', () => {
  it('a Kinect v2 recording with z up: the metrics file and the report say it was stood upright', () => {
    const text = storedMetrics(zUpKinectV2Csv());
    const file = readMetricsFile(text);
    if (!file.ok || 'Source' in file.file) throw new Error('not an engine metrics file');
    expect(file.file.Warnings).toContain(Z_UP);
    expect(reportOf(text)).toContain(`Session 1.1: ${Z_UP.replace(/'/g, '&#39;')}`);
    // Analysed again by a later engine, the recording's warning stays: it is the import's, not the engine's.
    const older = text.replace(/"EngineVersion":"[^"]+"/, '"EngineVersion":"1.0.0"');
    const converted = analyseSessionFile(zUpKinectV2Csv(), NOW);
    const jointText = converted.ok && converted.kind === 'recording' ? converted.conversion?.jointDataText : '';
    expect(reportOf(older, jointText)).toContain('Session 1.1: The skeleton stands on +Z');
  });

  it('a walk down a 10% slope: the bout and the report say it was not level', () => {
    const downhill = onGround(steadyWalk(4).recording, [0, -1], (a) => -0.1 * a);
    const text = storedMetrics(new TextEncoder().encode(serializeJointData(downhill)));
    const file = readMetricsFile(text);
    if (!file.ok) throw new Error(file.error);
    const warnings = file.file.Bouts.flatMap((b) => (b.Status === 'ok' ? b.Warnings : []));
    expect(warnings.join(' ')).toMatch(/^The walk was not level: the pelvis fell (9|10)\.\d cm per metre walked/);
    expect(reportOf(text)).toMatch(/Session 1\.1: The walk was not level: the pelvis fell/);
    const level = storedMetrics(new TextEncoder().encode(serializeJointData(steadyWalk(4).recording)));
    expect(reportOf(level)).not.toContain('not level');
  });
});
