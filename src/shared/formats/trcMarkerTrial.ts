import type { C3dParameter } from '../c3d/c3dParameters.ts';
import type { MarkerTrial } from '../c3d/c3dTypes.ts';
import { markerKey, recogniseMarkerSet } from './markerSets.ts';
import type { TrcMarkers } from './trcText.ts';

type Axis = 'X' | 'Y' | 'Z';
const AXES: readonly Axis[] = ['X', 'Y', 'Z'];

/**
 * A lab's TRC marker file (Motion Analysis Cortex, OpenSim, BTK) as a marker trial, so that its markers are
 * recognised and converted as a C3D trial's are (c3dImport.ts). TRC declares no vertical axis: OpenSim's files have
 * y up, but a TRC written from a lab's C3D keeps the lab's z up. The markers say which: the vertical is the axis on
 * which the pelvis stands highest above the toes, on average over the walk.
 */
export function trcMarkerTrial({ names, units, times, positions }: TrcMarkers): {
  trial: MarkerTrial;
  vertical: string;
} {
  const vertical = verticalAxis(names, positions);
  const yScreen: C3dParameter = {
    group: 'POINT',
    name: 'Y_SCREEN',
    description: 'Vertical axis, from the markers',
    locked: false,
    type: 'char',
    dimensions: [2],
    numbers: [],
    texts: [vertical],
  };
  const point = new Map([['Y_SCREEN', yScreen]]);
  const rate = medianRate(times);
  const frameCount = times.length;
  const count = names.length;
  const residuals = new Float32Array(frameCount * count);
  for (let i = 0; i < residuals.length; i++) residuals[i] = Number.isNaN(positions[i * 3] ?? Number.NaN) ? -1 : 0;
  return {
    vertical,
    trial: {
      points: {
        labels: names,
        descriptions: names.map(() => ''),
        units,
        rate,
        frameCount,
        firstFrame: Math.round((times[0] ?? 0) * rate) + 1,
        positions,
        residuals,
        cameraMasks: new Uint8Array(frameCount * count),
      },
      parameters: {
        processorCode: 84,
        blockCount: 0,
        groups: new Map([['POINT', { name: 'POINT', description: '', locked: false, parameters: point }]]),
        get: (group, name) => (group.toUpperCase() === 'POINT' ? point.get(name.toUpperCase()) : undefined),
      },
    },
  };
}

/** '+Y', '-Z', …: the axis and sense along which the mid-ASIS lies furthest above the mid-toe, '+Y' if unknown. */
function verticalAxis(names: readonly string[], positions: Float32Array): string {
  const set = recogniseMarkerSet(names);
  const at = (role: 'LASI' | 'RASI' | 'LTOE' | 'RTOE') => set?.roles.get(role);
  const [lasi, rasi, ltoe, rtoe] = (['LASI', 'RASI', 'LTOE', 'RTOE'] as const).map(at);
  if (lasi === undefined || rasi === undefined || ltoe === undefined || rtoe === undefined) return '+Y';
  const count = names.length;
  const sums = [0, 0, 0];
  let frames = 0;
  for (let f = 0; f < positions.length / (count * 3); f++) {
    const v = (marker: number, a: number) => positions[(f * count + marker) * 3 + a] ?? Number.NaN;
    const rise = [0, 1, 2].map((a) => (v(lasi, a) + v(rasi, a) - v(ltoe, a) - v(rtoe, a)) / 2);
    if (rise.some((d) => !Number.isFinite(d))) continue;
    rise.forEach((d, a) => (sums[a] = (sums[a] ?? 0) + d));
    frames++;
  }
  if (frames === 0) return '+Y';
  const means = sums.map((s) => s / frames);
  const axis = means.reduce((best, m, a) => (Math.abs(m) > Math.abs(means[best] ?? 0) ? a : best), 0);
  return `${(means[axis] ?? 0) < 0 ? '-' : '+'}${AXES[axis] ?? 'Y'}`;
}

function medianRate(times: Float64Array): number {
  const intervals = Array.from(times.subarray(1), (t, i) => t - (times[i] ?? 0)).sort((a, b) => a - b);
  const median = intervals[Math.floor(intervals.length / 2)] ?? 0;
  return median > 0 ? Math.round(100 / median) / 100 : 100;
}

/** Whether a TRC file's names are OpenCap's (its `_study` markers or the OpenPose keypoints it writes). */
export function isOpencapTrc(names: readonly string[]): boolean {
  return names.some((name) => name.endsWith('_study') || ['MIDHIP', 'RBIGTOE', 'LBIGTOE'].includes(markerKey(name)));
}
