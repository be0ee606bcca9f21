import { describe, expect, it } from 'vitest';
import { serializeJointData } from '#shared/gait/jointDataFile';
import { JOINT_INDEX } from '#shared/gait/joints';
import { syntheticWalk } from '#shared/gait/syntheticWalk';
import { gaitMarkers } from './gaitMarkers.ts';
import { prepareRecording, transferables } from './skeletonRecording.ts';

const walkText = (bouts: number) =>
  serializeJointData(
    syntheticWalk({ seed: 7, speed: 1.2, cadence: 110, stancePercent: 61, direction: 'across', durationS: 6, bouts })
      .recording,
  );

describe('prepareRecording', () => {
  it('turns a joint data file into walks in scene units with their gait events', () => {
    const result = prepareRecording(walkText(2));
    if (!result.ok) throw new Error(result.error);
    const { walks } = result.recording;
    expect(walks).toHaveLength(2);
    const walk = walks[0];
    if (!walk) throw new Error('no walk');
    expect(walk.events?.left.heelStrikes.length).toBeGreaterThan(2);
    expect(walk.eventsNote).toBeNull();
    // The head stands about 2 units above the floor.
    expect(walk.positions[JOINT_INDEX.Head * 3 + 1]).toBeGreaterThan(1.7);
    expect(walk.positions[JOINT_INDEX.Head * 3 + 1]).toBeLessThan(2.3);
    expect(transferables(result.recording)).toHaveLength(4);
  });

  it('places every gait event under its foot, on the timeline of the walk', () => {
    const result = prepareRecording(walkText(1));
    if (!result.ok) throw new Error(result.error);
    const walk = result.recording.walks[0];
    if (!walk) throw new Error('no walk');
    const markers = gaitMarkers(walk);
    expect(markers.length).toBeGreaterThan(4);
    expect(markers.map((m) => m.time)).toEqual([...markers.map((m) => m.time)].sort((a, b) => a - b));
    for (const marker of markers) {
      expect(marker.time).toBeGreaterThanOrEqual(walk.times[0] ?? 0);
      expect(marker.time).toBeLessThanOrEqual(walk.times.at(-1) ?? 0);
    }
  });

  it('passes on the parser’s message for a bad or cut-off file', () => {
    expect(prepareRecording('{"Steps": [')).toEqual({ ok: false, error: 'Joint data file is not valid JSON.' });
    expect(prepareRecording('{"Steps": []}')).toMatchObject({
      ok: false,
      error: expect.stringContaining('no steps') as string,
    });
  });

  it('still plays a walk too short for gait events, and says why there are none', () => {
    const frames = Array.from({ length: 5 }, (_, f) => ({
      Timestamp: f * 33,
      Joint_Positions: Array.from({ length: 60 }, (_, i) => (i % 3 === 1 ? i / 60 : 1)),
    }));
    const result = prepareRecording(JSON.stringify({ Steps: [{ Frames: frames }] }));
    if (!result.ok) throw new Error(result.error);
    expect(result.recording.walks[0]?.events).toBeNull();
    expect(result.recording.walks[0]?.eventsNote).toBeTruthy();
  });
});
