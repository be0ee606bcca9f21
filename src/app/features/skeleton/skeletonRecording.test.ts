import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { parseJointData, serializeJointData } from '#shared/gait/jointDataFile';
import { engineMetricsFileText } from '#shared/sessions/storedMetricsFile';
import { encodeUtf8 } from '#shared/utf8';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from '#shared/gait/joints';
import { syntheticWalk } from '#shared/gait/syntheticWalk';
import { AZURE_KINECT_JOINTS } from '#shared/formats/azureKinectSkeleton';
import { KINECT_V2_JOINTS } from '#shared/formats/kinectV2Skeleton';
import { c3dFixture } from '../../../../tests/fixtures/c3d/referenceTrials.ts';
import { zUpKinectV2Csv } from '../../../../tests/fixtures/formats/turnedAxes.ts';
import { formatFixture } from '../../../../tests/fixtures/formats/walks.ts';
import { writePose } from './framePose.ts';
import { FOOTPRINT_LENGTH } from './footprints.ts';
import { gaitMarkers } from './gaitMarkers.ts';
import { prepareRecording, transferables } from './skeletonRecording.ts';

const walkText = (bouts: number) =>
  encodeUtf8(
    serializeJointData(
      syntheticWalk({ seed: 7, speed: 1.2, cadence: 110, stancePercent: 61, direction: 'across', durationS: 6, bouts })
        .recording,
    ),
  );

describe('prepareRecording', () => {
  it('turns a joint data file into walks in scene units with their gait events', async () => {
    const result = await prepareRecording(walkText(2));
    if (!result.ok) throw new Error(result.error);
    const { walks } = result.recording;
    expect(walks).toHaveLength(2);
    const walk = walks[0];
    if (!walk) throw new Error('no walk');
    expect(walk.events?.left.heelStrikes.length).toBeGreaterThan(2);
    expect(walk.eventsNote).toBeNull();
    // Drawn, the head stands about 2 units above the floor.
    const pose = new Float32Array(COORDINATES_PER_FRAME);
    writePose(walk.times, walk.positions, walk.times[0] ?? 0, pose, COORDINATES_PER_FRAME, walk.scene);
    expect(pose[JOINT_INDEX.Head * 3 + 1]).toBeGreaterThan(1.7);
    expect(pose[JOINT_INDEX.Head * 3 + 1]).toBeLessThan(2.3);
    // The joint data file is its own skeleton: each walk's two buffers once, and the shape's two.
    expect(transferables(result.recording)).toHaveLength(6);
    expect(walk.figure.positions).toBe(walk.positions);
    expect(result.recording.shape.jointCount).toBe(20);
  });

  it('places every gait event under its foot, on the timeline of the walk', async () => {
    const result = await prepareRecording(walkText(1));
    if (!result.ok) throw new Error(result.error);
    const walk = result.recording.walks[0];
    if (!walk) throw new Error('no walk');
    const markers = gaitMarkers(walk, 0);
    expect(markers.length).toBeGreaterThan(4);
    // Each heel strike's footprint lies under that foot, between its ankle and its toes.
    const pose = new Float32Array(60);
    for (const marker of markers.filter((m) => m.kind === 'heelStrike')) {
      writePose(walk.times, walk.positions, marker.time, pose, 60, walk.scene);
      const ankle = (marker.side === 'left' ? JOINT_INDEX.AnkleLeft : JOINT_INDEX.AnkleRight) * 3;
      expect(Math.hypot((pose[ankle] ?? 0) - marker.x, (pose[ankle + 2] ?? 0) - marker.z)).toBeLessThan(
        FOOTPRINT_LENGTH,
      );
    }
    expect(markers.map((m) => m.time)).toEqual([...markers.map((m) => m.time)].sort((a, b) => a - b));
    for (const marker of markers) {
      expect(marker.time).toBeGreaterThanOrEqual(walk.times[0] ?? 0);
      expect(marker.time).toBeLessThanOrEqual(walk.times.at(-1) ?? 0);
    }
  });

  it('passes on the parser’s message for a bad or cut-off file', async () => {
    expect(await prepareRecording(encodeUtf8('{"Steps": ['))).toEqual({
      ok: false,
      error: 'Joint data file is not valid JSON.',
    });
    expect(await prepareRecording(encodeUtf8('{"Steps": []}'))).toMatchObject({
      ok: false,
      error: expect.stringContaining('no steps') as string,
    });
  });

  it('still plays a walk too short for gait events, and says why there are none', async () => {
    const frames = Array.from({ length: 5 }, (_, f) => ({
      Timestamp: f * 33,
      Joint_Positions: Array.from({ length: 60 }, (_, i) => (i % 3 === 1 ? i / 60 : 1)),
    }));
    const result = await prepareRecording(encodeUtf8(JSON.stringify({ Steps: [{ Frames: frames }] })));
    if (!result.ok) throw new Error(result.error);
    expect(result.recording.walks[0]?.events).toBeNull();
    expect(result.recording.walks[0]?.eventsNote).toBeTruthy();
  });
});

describe('prepareRecording with the metrics file stored at upload', () => {
  const bytes = walkText(2);
  const parsed = parseJointData(new TextDecoder().decode(bytes));
  if (!parsed.ok) throw new Error(parsed.error);
  const stored = engineMetricsFileText(computeGaitMetrics(parsed.recording), new Date()) ?? '';

  it("draws the stored file's events, the engine's own, without running the engine", async () => {
    const fromFile = await prepareRecording(walkText(2), stored);
    const fromEngine = await prepareRecording(walkText(2));
    if (!fromFile.ok || !fromEngine.ok) throw new Error('not read');
    expect(fromFile.eventsFrom).toBe('stored');
    expect(fromEngine.eventsFrom).toBe('engine');
    for (const [i, walk] of fromEngine.recording.walks.entries()) {
      const heelStrikes = fromFile.recording.walks[i]?.events?.left.heelStrikes ?? [];
      expect(heelStrikes).toHaveLength(walk.events?.left.heelStrikes.length ?? -1);
      for (const [j, t] of (walk.events?.left.heelStrikes ?? []).entries()) expect(heelStrikes[j]).toBeCloseTo(t, 4);
    }
  });

  it('takes the events as the file has them (a planted time shows), and runs the engine for a file that does not fit', async () => {
    const planted = JSON.parse(stored) as { Bouts: { Events?: { Left: { HeelStrikes_s: number[] } } }[] };
    const events = planted.Bouts[0]?.Events;
    if (!events) throw new Error('no events stored');
    events.Left.HeelStrikes_s = [1.2345];
    const drawn = await prepareRecording(walkText(2), JSON.stringify(planted));
    if (!drawn.ok) throw new Error(drawn.error);
    expect(drawn.recording.walks[0]?.events?.left.heelStrikes).toEqual([1.2345]);
    const older = await prepareRecording(
      walkText(2),
      stored.replace(/"EngineVersion":"[^"]*"/, '"EngineVersion":"1.0.0"'),
    );
    const broken = await prepareRecording(walkText(2), '{"Format":');
    expect(older.ok && older.eventsFrom).toBe('engine');
    expect(broken.ok && broken.eventsFrom).toBe('engine');
  });
});

describe('prepareRecording of other formats', () => {
  const prepared = async (bytes: Uint8Array) => {
    const result = await prepareRecording(bytes);
    if (!result.ok) throw new Error(result.error);
    return result.recording;
  };

  it.each([
    ['kinect-v2-walk.csv', 'SpineBase', 25],
    ['azure-kinect-walk.json', 'PELVIS', 32],
  ])('draws %s with its own joints, on the engine joints’ scale and place', async (name, pelvis, joints) => {
    const recording = await prepared(formatFixture(name));
    expect(recording.shape.jointCount).toBe(joints);
    const walk = recording.walks[0];
    if (!walk) throw new Error('no walk');
    expect(walk.figure.positions).not.toBe(walk.positions);
    expect(walk.figure.positions).toHaveLength(walk.figure.times.length * joints * 3);
    const names = name.startsWith('azure') ? AZURE_KINECT_JOINTS : KINECT_V2_JOINTS;
    // Both drawn in the same scene units: the file's pelvis where the engine's is, at the first frame.
    const [drawn, engine] = [new Float32Array(joints * 3), new Float32Array(COORDINATES_PER_FRAME)];
    writePose(walk.figure.times, walk.figure.positions, walk.times[0] ?? 0, drawn, drawn.length, walk.scene);
    writePose(walk.times, walk.positions, walk.times[0] ?? 0, engine, engine.length, walk.scene);
    const own = names.indexOf(pelvis as never) * 3;
    for (let a = 0; a < 3; a++) expect(drawn[own + a]).toBeCloseTo(engine[JOINT_INDEX.HipCenter * 3 + a] ?? 0, 3);
    // Left joints are coloured left, and both sides have bones.
    expect(recording.shape.boneSides).toContain('left');
    expect(recording.shape.boneSides).toContain('right');
  });

  it('stands upright a Kinect v2 recording whose world frame has z up', async () => {
    const recording = await prepared(zUpKinectV2Csv());
    const walk = recording.walks[0];
    if (!walk) throw new Error('no walk');
    const drawn = new Float32Array(KINECT_V2_JOINTS.length * 3);
    writePose(walk.figure.times, walk.figure.positions, walk.times[0] ?? 0, drawn, drawn.length, walk.scene);
    const height = (joint: (typeof KINECT_V2_JOINTS)[number]) => drawn[KINECT_V2_JOINTS.indexOf(joint) * 3 + 1] ?? 0;
    // The scene's y is up: the head is drawn well above the feet, as a standing walker's is.
    expect(height('Head') - (height('FootLeft') + height('FootRight')) / 2).toBeGreaterThan(1.5);
  });

  it('draws the markers of a C3D trial, bones only between tracked ones', async () => {
    const recording = await prepared(c3dFixture('./PiG_Motion3_FF.c3d'));
    expect(recording.format).toBe('c3d');
    expect(recording.shape.jointCount).toBeGreaterThan(30);
    expect(recording.walks[0]?.events?.left.heelStrikes.length).toBeGreaterThan(0);
    for (const joint of recording.shape.boneJoints) expect(recording.shape.shown[joint]).toBe(1);
  });
});
