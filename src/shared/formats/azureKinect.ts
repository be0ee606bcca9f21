import { AZURE_KINECT_BONES, AZURE_KINECT_JOINTS, AZURE_KINECT_MAPPING } from './azureKinectSkeleton.ts';
import { importFailure, type ImportResult } from './importedRecording.ts';
import { finiteNumber, isRecord, mostFrequent, parseJson } from './jsonValues.ts';
import { toImportedRecording } from './sourceFrames.ts';
import { standUpright, type FileAxes } from './uprightRecording.ts';

const JOINTS = AZURE_KINECT_JOINTS.length;
/** k4abt_joint_confidence_level_t: 0 NONE (out of range), 1 LOW (predicted), 2 MEDIUM, 3 HIGH. */
const CONFIDENCE_NONE = 0;
/** (x, y, z) becomes (−x, −y, z): the depth camera's y points down. */
const AZURE_AXES: FileAxes = { axes: ['-X', '-Y', '+Z'], declared: "-Y (the Azure Kinect depth camera's up)" };

/**
 * Reads the Azure Kinect Body Tracking SDK's offline processor output (Azure-Kinect-Samples, body-tracking-samples/
 * offline_processor): { frames: [{ timestamp_usec, bodies: [{ body_id, joint_positions: 32 × [x, y, z] mm }] }],
 * joint_names, bone_list }. Positions are in the depth camera's frame (x right in the image, y down, z away), so
 * (x, y, z) mm becomes (−x, −y, z) / 1000 m: a half turn about z, which keeps the frame right-handed. An optional
 * joint_confidence_levels list per body (k4abt confidence levels, which the sample does not write but forks add)
 * marks NONE joints untracked. The body seen in the most frames is the walker; frames without it are dropped.
 */
export function importAzureKinect(text: string): ImportResult {
  const data = parseJson(text);
  if (data === undefined) return importFailure('The Azure Kinect file is not valid JSON (it may be cut off).');
  if (!isRecord(data) || !Array.isArray(data.frames)) {
    return importFailure('The Azure Kinect file has no "frames" list (frames → bodies → joint_positions expected).');
  }
  const frames: unknown[] = data.frames;
  const order = jointOrder(data.joint_names);
  if (typeof order === 'string') return importFailure(order);
  const ids: number[] = [];
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i];
    if (!isRecord(frame) || !Array.isArray(frame.bodies)) return importFailure(`Frame ${i + 1} has no "bodies" list.`);
    if (finiteNumber(frame.timestamp_usec) === undefined) {
      return importFailure(`Frame ${i + 1} has no numeric timestamp_usec (microseconds).`);
    }
    for (const body of frame.bodies as unknown[]) {
      const id = isRecord(body) ? finiteNumber(body.body_id) : undefined;
      if (id === undefined) return importFailure(`A body of frame ${i + 1} has no numeric body_id.`);
      ids.push(id);
    }
  }
  const walker = mostFrequent(ids);
  if (walker === undefined) return importFailure('No frame of the Azure Kinect file has a body.');
  const times: number[] = [];
  const positions: number[] = [];
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i] as { timestamp_usec: number; bodies: unknown[] };
    const body = frame.bodies.find((b) => isRecord(b) && b.body_id === walker);
    if (!isRecord(body)) continue;
    const problem = readBody(body, order, positions, `Frame ${i + 1}, body ${walker}`);
    if (problem !== undefined) return importFailure(problem);
    times.push(frame.timestamp_usec / 1e6);
  }
  const warnings: string[] = [];
  const bodies = new Set(ids).size;
  if (bodies > 1) warnings.push(`The file has ${bodies} bodies; body ${walker}, seen in the most frames, is used.`);
  if (times.length < frames.length) {
    warnings.push(
      `${frames.length - times.length} of ${frames.length} frames do not show that body and were left out.`,
    );
  }
  const result = toImportedRecording(
    'azureKinect',
    { names: AZURE_KINECT_JOINTS, times: Float64Array.from(times), positions: Float32Array.from(positions) },
    AZURE_KINECT_MAPPING,
    AZURE_KINECT_BONES,
    warnings,
  );
  return standUpright(result, AZURE_AXES);
}

/** Where each of our joints sits in joint_positions: the file's joint_names order when it gives one. */
function jointOrder(names: unknown): number[] | string {
  const standard = AZURE_KINECT_JOINTS.map((_, j) => j);
  if (names === undefined) return standard;
  if (!Array.isArray(names)) return 'The Azure Kinect file\'s "joint_names" is not a list.';
  const order = AZURE_KINECT_JOINTS.map((name) => names.indexOf(name));
  const missing = AZURE_KINECT_JOINTS.filter((_, j) => order[j] === -1);
  if (missing.length > 0) {
    return `The Azure Kinect file's joint_names lacks ${missing.slice(0, 3).join(', ')}; the 32 joints of the Body Tracking SDK are expected.`;
  }
  return order;
}

function readBody(body: Record<string, unknown>, order: number[], out: number[], where: string): string | undefined {
  const joints = body.joint_positions;
  if (!Array.isArray(joints) || joints.length < JOINTS) {
    const count = Array.isArray(joints) ? joints.length : 0;
    return `${where} has ${count} joint positions; the ${JOINTS} joints of the Body Tracking SDK are expected.`;
  }
  const confidence = Array.isArray(body.joint_confidence_levels) ? (body.joint_confidence_levels as unknown[]) : [];
  for (let j = 0; j < JOINTS; j++) {
    const at = order[j] ?? j;
    const xyz: unknown = joints[at];
    const [x, y, z] = Array.isArray(xyz) ? xyz.map(finiteNumber) : [];
    if (x === undefined || y === undefined || z === undefined) {
      return `${where}: ${AZURE_KINECT_JOINTS[j] ?? ''} is not three numbers (millimetres).`;
    }
    if (confidence[at] === CONFIDENCE_NONE) out.push(Number.NaN, Number.NaN, Number.NaN);
    else out.push(-x / 1000, -y / 1000, z / 1000);
  }
  return undefined;
}
