import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { convertRecording } from '../formats/convertRecording.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import { parseJointData, serializeJointData } from './jointDataFile.ts';
import { readMetricsFile, toMetricsFile } from './metricsFile.ts';

/** FunctionalWalk.c3d as the server stores it: converted, written as joint data and read back. */
function storedWalk() {
  const converted = convertRecording(c3dFixture('./forceplates/FunctionalWalk.c3d'));
  if (!converted.ok) throw new Error(converted.error);
  return converted.converted;
}

describe('force plate events through the joint data file, the engine and the metrics file', () => {
  it('the joint data file keeps them, and a reader refuses malformed ones', () => {
    const { jointDataText, recording } = storedWalk();
    expect(jointDataText).toContain('"ForcePlateEvents":[{"Side":"Left","Event":"HeelStrike","Time_s":5.047888');
    const again = parseJointData(serializeJointData(recording));
    if (!again.ok) throw new Error(again.error);
    expect(again.recording.plateEvents).toEqual(recording.plateEvents);
    const broken = jointDataText.replace('"Event":"HeelStrike"', '"Event":"Landing"');
    expect(parseJointData(broken)).toEqual({
      ok: false,
      error:
        'Force plate event 1 needs Side (Left or Right), Event (HeelStrike or ToeOff), Time_s (seconds) and Plate (from 1).',
    });
  });

  it("the engine times the plates' cycles by the plates: each plate event replaces the kinematic one near it", () => {
    const { recording } = storedWalk();
    const withPlates = computeGaitMetrics(recording);
    const markersOnly = computeGaitMetrics({ bouts: recording.bouts });
    const bout = withPlates.bouts[0];
    if (bout?.status !== 'ok' || withPlates.status !== 'ok' || markersOnly.status !== 'ok') throw new Error('ok');
    expect(withPlates.plateEvents).toHaveLength(6);
    for (const event of withPlates.plateEvents ?? []) {
      const times = bout.events[event.side][event.kind === 'heelStrike' ? 'heelStrikes' : 'toeOffs'];
      expect(times).toContain(event.time);
      expect(event.kinematicTime).not.toBeNull();
      expect(Math.abs((event.kinematicTime ?? 0) - event.time)).toBeLessThan(0.03);
    }
    expect(withPlates.session.stancePercent).not.toBeCloseTo(markersOnly.session.stancePercent, 1);
    expect(markersOnly.plateEvents).toBeUndefined();
  });

  it('the metrics file lists them with their source, and files without them still read', () => {
    const analysis = computeGaitMetrics(storedWalk().recording);
    const file = toMetricsFile(analysis, { generatedAt: new Date('2025-01-01T00:00:00Z') });
    expect(file.PlateEvents?.[0]).toEqual({
      Side: 'Left',
      Event: 'HeelStrike',
      Time_s: 5.0479,
      Plate: 3,
      Source: 'force plate',
      ReplacedKinematic_s: expect.any(Number) as number,
    });
    expect(file.EventSources).toMatch(/force plate/);
    const text = JSON.stringify(file);
    const read = readMetricsFile(text);
    expect(read.ok && 'PlateEvents' in read.file ? read.file.PlateEvents : undefined).toHaveLength(6);
    const { PlateEvents: _plates, EventSources: _sources, ...older } = file;
    expect(readMetricsFile(JSON.stringify(older)).ok).toBe(true);
    const wrong = text.replace('"Source":"force plate"', '"Source":"markers"');
    expect(readMetricsFile(wrong)).toEqual({
      ok: false,
      error: 'Gait metrics file is not valid at PlateEvents[0].Source: Source must be "force plate".',
    });
  });
});
