import { metresPerUnit, pointTrack } from '../c3d/pointTrack.ts';
import type { MarkerTrial } from '../c3d/c3dTypes.ts';
import type { JointDataParseResult } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX, type JointName } from './joints.ts';

/**
 * Marker trajectories of a C3D trial as the engine's 20-joint skeleton, in the joint data file's Kinect camera space
 * (metres, y up). From the Plug-in Gait lower-body markers (Davis et al. 1991, Hum Mov Sci 10:575–587):
 * - HipCenter: midway between the hip joint centres; HipLeft/Right: the hip joint centres, Plug-in Gait's femur
 *   proximal points (LFEP, RFEP) when the trial carries the model's output, else estimated from the pelvis markers
 *   by the regression of Harrington et al. 2007 (J Biomech 40:595–602);
 * - KneeLeft/Right: the knee joint centres (LFEO, RFEO), else the lateral knee markers (LKNE, RKNE);
 * - AnkleLeft/Right: the ankle joint centres (LTIO, RTIO), else the lateral malleolus markers (LANK, RANK), as
 *   Kinect's ankle joint; FootLeft/Right: the toe markers (LTOE, RTOE, second metatarsal head), as Kinect's foot;
 * - Spine: 0.1 m above HipCenter along the pelvis's superior axis, so that hip flexion is measured against the pelvis as in
 *   Plug-in Gait (a lower-body marker set does not see the trunk); ShoulderCenter from C7 and CLAV when present.
 * The heel markers (LHEE, RHEE), where the trial has them, ride beside the joints (JointBout.heels) for step width.
 * Every other joint, and any joint in a marker gap, is left untracked (0, 0, 0). Frame times are capture times
 * (capture frame 1 at 0 s), so events line up with the file's EVENT group.
 */
export function c3dToJointData(file: MarkerTrial, options: C3dJointOptions = {}): JointDataParseResult {
  const { points } = file;
  const model = options.modelJointCentres ?? true;
  const scale = metresPerUnit(points.units);
  if (scale === undefined) return { ok: false, error: `C3D points are in '${points.units}'; mm, cm or m expected.` };
  const track = (label: string) => pointTrack(points, label);
  // Plug-in Gait's joint centres, when the trial carries them and they are wanted.
  const centre = (label: string) => (model ? track(label) : undefined);
  const pelvis = ['LASI', 'RASI', 'LPSI', 'RPSI'].map(track);
  const [lasi, rasi, lpsi, rpsi] = pelvis;
  if (lasi === undefined || rasi === undefined || lpsi === undefined || rpsi === undefined) {
    return { ok: false, error: 'This C3D trial lacks the pelvis markers LASI, RASI, LPSI and RPSI.' };
  }
  const n = points.frameCount;
  const toKinect = labToKinect(file);
  const joints = new Map<JointName, Float64Array>();
  const set = (name: JointName, lab: Float64Array | undefined) => {
    if (lab !== undefined) joints.set(name, lab);
  };
  const asLab = (values: Float32Array | undefined) =>
    values === undefined ? undefined : Float64Array.from(values, (v) => v * scale);
  const pelvisFrames = pelvisFrame(asLab(lasi), asLab(rasi), asLab(lpsi), asLab(rpsi), n);
  const hip = (side: 'L' | 'R') => asLab(centre(`${side}FEP`)) ?? harringtonHip(pelvisFrames, side, n);
  const hipLeft = hip('L');
  const hipRight = hip('R');
  set('HipLeft', hipLeft);
  set('HipRight', hipRight);
  for (const [side, name] of [
    ['L', 'Left'],
    ['R', 'Right'],
  ] as const) {
    set(`Knee${name}`, asLab(centre(`${side}FEO`) ?? track(`${side}KNE`)));
    set(`Ankle${name}`, asLab(centre(`${side}TIO`) ?? track(`${side}ANK`)));
    set(`Foot${name}`, asLab(track(`${side}TOE`)));
  }
  const hipCentre = mean([hipLeft, hipRight], n);
  set('HipCenter', hipCentre);
  set('Spine', alongAxis(hipCentre, pelvisFrames, n, 0.1));
  set('ShoulderCenter', mean([asLab(track('C7')), asLab(track('CLAV'))], n));
  for (const required of ['AnkleLeft', 'AnkleRight', 'FootLeft', 'FootRight'] as const) {
    if (!joints.has(required)) {
      return { ok: false, error: `This C3D trial lacks the markers for ${required} (ankle and toe markers).` };
    }
  }
  const heelTracks = [asLab(track('LHEE')), asLab(track('RHEE'))];
  const heels = heelTracks.some((h) => h !== undefined) ? new Float32Array(n * 6) : undefined;
  const times = new Float64Array(n);
  const positions = new Float32Array(n * COORDINATES_PER_FRAME);
  for (let f = 0; f < n; f++) {
    times[f] = (points.firstFrame - 1 + f) / points.rate;
    for (let side = 0; heels !== undefined && side < 2; side++) {
      const lab = heelTracks[side];
      if (lab !== undefined) place(lab, f, toKinect, heels, f * 6 + side * 3);
    }
    for (const [name, lab] of joints)
      place(lab, f, toKinect, positions, f * COORDINATES_PER_FRAME + JOINT_INDEX[name] * 3);
  }
  return { ok: true, recording: { bouts: [heels === undefined ? { times, positions } : { times, positions, heels }] } };
}

/** Frame f of a lab track into `out` at `at`, in Kinect space; a gap stays (0, 0, 0), untracked as the file says. */
function place(lab: Float64Array, f: number, toKinect: ReturnType<typeof labToKinect>, out: Float32Array, at: number) {
  const x = lab[3 * f] ?? Number.NaN;
  const y = lab[3 * f + 1] ?? Number.NaN;
  const z = lab[3 * f + 2] ?? Number.NaN;
  if (Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) toKinect(x, y, z, out, at);
}

export type C3dJointOptions = {
  /** Use Plug-in Gait's joint centres when the trial has them (default), or only the markers themselves. */
  modelJointCentres?: boolean;
};

type Axis = 0 | 1 | 2;

/**
 * Lab to Kinect camera space: the lab's vertical (POINT:Y_SCREEN, '+Z' in most laboratories) becomes y, and the
 * other two axes keep a right-handed frame. Heading does not matter: the engine finds the direction of walking.
 */
export function labToKinect(
  file: MarkerTrial,
): (x: number, y: number, z: number, out: Float32Array, at: number) => void {
  const { up, sign, first, second } = labVertical(file);
  return (x, y, z, out, at) => {
    const lab = [x, y, z];
    // (first, second, up) is right-handed; Kinect's (x, y, z) = (first, up, −second) is too.
    out[at] = (lab[first] ?? 0) * sign;
    out[at + 1] = (lab[up] ?? 0) * sign;
    out[at + 2] = -(lab[second] ?? 0);
  };
}

/** The lab's signed axes that labToKinect makes x, y and z: ['+X', '+Z', '-Y'] for a lab with z up. */
export function labAxes(file: MarkerTrial): [string, string, string] {
  const { up, sign, first, second } = labVertical(file);
  const [s, letters] = [sign < 0 ? '-' : '+', ['X', 'Y', 'Z']];
  return [`${s}${letters[first] ?? ''}`, `${s}${letters[up] ?? ''}`, `-${letters[second] ?? ''}`];
}

/** POINT:Y_SCREEN ('+Z' when absent) as the vertical axis and its sign, and the two axes after it in turn. */
function labVertical(file: MarkerTrial): { up: Axis; sign: number; first: Axis; second: Axis } {
  const screen = file.parameters.get('POINT', 'Y_SCREEN')?.texts[0]?.toUpperCase() ?? '+Z';
  const up: Axis = screen.endsWith('X') ? 0 : screen.endsWith('Y') ? 1 : 2;
  return { up, sign: screen.startsWith('-') ? -1 : 1, first: ((up + 1) % 3) as Axis, second: ((up + 2) % 3) as Axis };
}

/** Per frame: origin (mid-ASIS), unit axes (anterior, left, superior), pelvis width and depth (m); NaN in gaps. */
type PelvisFrames = Float64Array;
const PELVIS_STRIDE = 14;

function pelvisFrame(
  lasi: Float64Array | undefined,
  rasi: Float64Array | undefined,
  lpsi: Float64Array | undefined,
  rpsi: Float64Array | undefined,
  n: number,
): PelvisFrames {
  const out = new Float64Array(n * PELVIS_STRIDE).fill(Number.NaN);
  if (!lasi || !rasi || !lpsi || !rpsi) return out;
  for (let f = 0; f < n; f++) {
    const v = (track: Float64Array, a: number) => track[3 * f + a] ?? Number.NaN;
    const origin = [0, 1, 2].map((a) => (v(lasi, a) + v(rasi, a)) / 2);
    const back = [0, 1, 2].map((a) => (v(lpsi, a) + v(rpsi, a)) / 2);
    const left = normalise([0, 1, 2].map((a) => v(lasi, a) - v(rasi, a)));
    const towardFront = [0, 1, 2].map((a) => (origin[a] ?? 0) - (back[a] ?? 0));
    const along = dot(towardFront, left);
    const anterior = normalise(towardFront.map((c, a) => c - along * (left[a] ?? 0)));
    const superior = cross(anterior, left);
    const width = Math.hypot(...[0, 1, 2].map((a) => v(lasi, a) - v(rasi, a)));
    const depth = Math.hypot(...towardFront);
    out.set([...origin, ...anterior, ...left, ...superior, width, depth], f * PELVIS_STRIDE);
  }
  return out;
}

/**
 * Hip joint centre from the pelvis markers (Harrington et al. 2007): in the pelvis frame from mid-ASIS, posterior
 * 0.24 PD + 9.9 mm, inferior 0.30 PW + 10.9 mm and lateral 0.33 PW + 7.3 mm, PW being the inter-ASIS width and PD
 * the pelvis depth (mid-ASIS to mid-PSIS).
 */
function harringtonHip(frames: PelvisFrames, side: 'L' | 'R', n: number): Float64Array {
  const out = new Float64Array(3 * n);
  for (let f = 0; f < n; f++) {
    const p = frames.subarray(f * PELVIS_STRIDE, (f + 1) * PELVIS_STRIDE);
    const [width = Number.NaN, depth = Number.NaN] = [p[12], p[13]];
    const forward = -0.24 * depth - 0.0099;
    const up = -0.3 * width - 0.0109;
    const lateral = (side === 'L' ? 1 : -1) * (0.33 * width + 0.0073);
    for (let a = 0; a < 3; a++) {
      out[3 * f + a] = (p[a] ?? 0) + forward * (p[3 + a] ?? 0) + lateral * (p[6 + a] ?? 0) + up * (p[9 + a] ?? 0);
    }
  }
  return out;
}

/** A point `distance` metres from `from` along the pelvis's superior axis; undefined without `from`. */
function alongAxis(
  from: Float64Array | undefined,
  frames: PelvisFrames,
  n: number,
  distance: number,
): Float64Array | undefined {
  if (from === undefined) return undefined;
  const out = new Float64Array(3 * n);
  for (let f = 0; f < n; f++) {
    const base = f * PELVIS_STRIDE;
    for (let a = 0; a < 3; a++) out[3 * f + a] = (from[3 * f + a] ?? 0) + distance * (frames[base + 9 + a] ?? 0);
  }
  return out;
}

/** The mean of several tracks; undefined if any is absent, NaN where any is in a gap. */
function mean(tracks: (Float64Array | undefined)[], n: number): Float64Array | undefined {
  if (tracks.some((t) => t === undefined)) return undefined;
  const out = new Float64Array(3 * n);
  for (const t of tracks) for (let i = 0; i < 3 * n; i++) out[i] = (out[i] ?? 0) + (t?.[i] ?? 0) / tracks.length;
  return out;
}

const dot = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);
const normalise = (a: number[]) => {
  const length = Math.hypot(...a);
  return a.map((v) => v / length);
};
const cross = (a: number[], b: number[]) => [
  (a[1] ?? 0) * (b[2] ?? 0) - (a[2] ?? 0) * (b[1] ?? 0),
  (a[2] ?? 0) * (b[0] ?? 0) - (a[0] ?? 0) * (b[2] ?? 0),
  (a[0] ?? 0) * (b[1] ?? 0) - (a[1] ?? 0) * (b[0] ?? 0),
];
