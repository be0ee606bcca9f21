import { importFailure, type ImportResult } from './importedRecording.ts';
import { finiteNumber, isRecord, mostFrequent, parseJson } from './jsonValues.ts';
import {
  KINECT_V2_AXES,
  KINECT_V2_BONES,
  KINECT_V2_JOINTS,
  KINECT_V2_MAPPING,
  trackingState,
} from './kinectV2Skeleton.ts';
import { toImportedRecording } from './sourceFrames.ts';
import { standUpright } from './uprightRecording.ts';

/**
 * Reads Kinect v2 body frames as JSON (docs/import-formats.md):
 * { frames: [{ timestamp_ms, bodies: [{ trackingId, joints: { SpineBase: { x, y, z, trackingState }, … } }] }] }
 * with all 25 JointType names, metres in camera space, trackingState Tracked, Inferred or NotTracked (or 2, 1, 0;
 * absent means tracked). The body seen in the most frames is the walker; frames without it are dropped.
 */
export function importKinectV2Json(text: string): ImportResult {
  const data = parseJson(text);
  if (data === undefined) return importFailure('The Kinect v2 file is not valid JSON (it may be cut off).');
  if (!isRecord(data) || !Array.isArray(data.frames)) {
    return importFailure('The Kinect v2 file has no "frames" list (frames → bodies → joints expected).');
  }
  const frames: unknown[] = data.frames;
  const ids: string[] = [];
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i];
    if (!isRecord(frame) || !Array.isArray(frame.bodies)) return importFailure(`Frame ${i + 1} has no "bodies" list.`);
    if (finiteNumber(frame.timestamp_ms) === undefined) {
      return importFailure(`Frame ${i + 1} has no numeric timestamp_ms (milliseconds).`);
    }
    for (const body of frame.bodies as unknown[]) {
      if (!isRecord(body) || !isRecord(body.joints)) return importFailure(`A body of frame ${i + 1} has no "joints".`);
      ids.push(bodyId(body.trackingId));
    }
  }
  const walker = mostFrequent(ids);
  if (walker === undefined) return importFailure('No frame of the Kinect v2 file has a body.');
  const times: number[] = [];
  const positions: number[] = [];
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i] as { timestamp_ms: number; bodies: Record<string, unknown>[] };
    const body = frame.bodies.find((b) => bodyId(b.trackingId) === walker);
    if (body === undefined) continue;
    const joints = body.joints as Record<string, unknown>;
    for (const name of KINECT_V2_JOINTS) {
      const joint = joints[name];
      const where = `Frame ${i + 1}: ${name}`;
      if (!isRecord(joint)) return importFailure(`${where} is missing; all 25 Kinect v2 joints are expected.`);
      const state = trackingState(joint.trackingState);
      if (state === undefined) {
        return importFailure(`${where} has a trackingState that is not Tracked, Inferred or NotTracked.`);
      }
      const xyz = [joint.x, joint.y, joint.z].map(finiteNumber);
      if (state === 'notTracked') {
        positions.push(Number.NaN, Number.NaN, Number.NaN);
        continue;
      }
      if (xyz.some((v) => v === undefined)) return importFailure(`${where} has no numeric x, y and z (metres).`);
      positions.push(...xyz.map((v) => v ?? Number.NaN));
    }
    times.push(frame.timestamp_ms / 1000);
  }
  const warnings: string[] = [];
  const bodies = new Set(ids).size;
  if (bodies > 1) warnings.push(`The file has ${bodies} bodies; body ${walker}, seen in the most frames, is used.`);
  const result = toImportedRecording(
    'kinectV2Json',
    { names: KINECT_V2_JOINTS, times: Float64Array.from(times), positions: Float32Array.from(positions) },
    KINECT_V2_MAPPING,
    KINECT_V2_BONES,
    warnings,
  );
  return standUpright(result, KINECT_V2_AXES);
}

/** A tracking id as text (the SDK's are 64-bit numbers, often written as strings); '' when absent. */
const bodyId = (id: unknown): string => (typeof id === 'string' || typeof id === 'number' ? String(id) : '');
