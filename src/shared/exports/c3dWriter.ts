import type { GaitEvents } from '../gait/gaitResult.ts';
import type { JointRecording } from '../gait/jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_COUNT } from '../gait/joints.ts';
import { allEvents, c3dGroups, SCALE } from './c3dGroups.ts';
import { c3dParameterSection, MAX_DIMENSION } from './c3dParameterSection.ts';

export type C3dExport = {
  recording: JointRecording;
  /** The engine's events per bout (GaitAnalysis.bouts[i].events), written to the EVENT group. */
  events: readonly GaitEvents[];
  /** Written to MANUFACTURER:SOFTWARE. */
  software: string;
};

export type C3dExportResult = { ok: true; bytes: Uint8Array; warnings: string[] } | { ok: false; error: string };

const MAX_FRAMES = 10_000_000;

/**
 * Writes joint data as a C3D file (C3D User Guide, Motion Lab Systems): Intel processor, float storage, one POINT
 * per engine joint in millimetres (the units gait laboratories use), the engine's heel strikes and toe offs in the
 * EVENT group as Vicon writes them ('Foot Strike' and 'Foot Off', contexts 'Left' and 'Right', times in seconds from
 * capture frame 1 as whole minutes and seconds). The header block is followed by the parameter section at block 2
 * and the data at POINT:DATA_START; each frame holds x, y, z and a residual word per point (−1: not tracked).
 *
 * C3D needs one frame rate: frames go on a uniform grid at the recording's median rate, each joint data frame at its
 * nearest grid point, so dropped frames and the gaps between bouts become frames without points; capture frame 1 is
 * the recording's time 0. Axes are the joint data file's (x right as seen facing the sensor, y up, z away: POINT:
 * X_SCREEN +X, Y_SCREEN +Y). A C3D parameter holds at most 255 events; later ones are left out, with a warning.
 */
export function writeC3d({ recording, events, software }: C3dExport): C3dExportResult {
  const times = recording.bouts.flatMap((bout) => Array.from(bout.times));
  if (times.length === 0) return { ok: false, error: 'The recording has no frames to export.' };
  const rate = medianRate(recording);
  const start = Math.round(Math.min(...times) * rate);
  const frames = Math.round(Math.max(...times) * rate) - start + 1;
  if (!(rate > 0) || frames > MAX_FRAMES) {
    return { ok: false, error: "The recording's timestamps are too sparse to export as C3D frames at one rate." };
  }
  const warnings: string[] = [];
  const eventList = allEvents(events);
  if (eventList.length > MAX_DIMENSION) {
    warnings.push(
      `The C3D EVENT group holds ${MAX_DIMENSION} events; the last ${eventList.length - MAX_DIMENSION} were left out.`,
    );
    eventList.length = MAX_DIMENSION;
  }
  const firstFrame = start + 1;
  const lastFrame = start + frames;
  const parameters = (dataStart: number) =>
    c3dParameterSection(c3dGroups({ rate, frames, firstFrame, lastFrame, dataStart, events: eventList, software }));
  // DATA_START depends on the section's size, which does not depend on DATA_START's value.
  const parameterBlocks = parameters(0).byteLength / 512;
  const dataStart = 2 + parameterBlocks;
  const section = parameters(dataStart);
  const frameBytes = JOINT_COUNT * 4 * 4;
  const bytes = new Uint8Array((dataStart - 1) * 512 + Math.ceil((frames * frameBytes) / 512) * 512);
  const view = new DataView(bytes.buffer);
  writeHeader(view, { rate, dataStart, firstFrame, lastFrame });
  bytes.set(section, 512);
  const data = (dataStart - 1) * 512;
  for (let f = 0; f < frames; f++) {
    for (let j = 0; j < JOINT_COUNT; j++) view.setFloat32(data + f * frameBytes + j * 16 + 12, -1, true);
  }
  for (const { times: boutTimes, positions } of recording.bouts) {
    boutTimes.forEach((t, i) => {
      const f = Math.round(t * rate) - start;
      for (let j = 0; j < JOINT_COUNT; j++) {
        const at = i * COORDINATES_PER_FRAME + j * 3;
        const [x = 0, y = 0, z = 0] = positions.subarray(at, at + 3);
        if (x === 0 && y === 0 && z === 0) continue;
        const out = data + f * frameBytes + j * 16;
        [x, y, z].forEach((v, a) => view.setFloat32(out + a * 4, v * 1000, true));
        view.setFloat32(out + 12, 0, true);
      }
    });
  }
  return { ok: true, bytes, warnings };
}

/** The header block (C3D User Guide, "The Header Section"); word n at byte 2(n − 1). */
function writeHeader(view: DataView, h: { rate: number; dataStart: number; firstFrame: number; lastFrame: number }) {
  const word = (n: number) => 2 * (n - 1);
  view.setUint8(0, 2);
  view.setUint8(1, 0x50);
  view.setUint16(word(2), JOINT_COUNT, true);
  view.setUint16(word(3), 0, true);
  view.setUint16(word(4), Math.min(h.firstFrame, 65535), true);
  view.setUint16(word(5), Math.min(h.lastFrame, 65535), true);
  view.setUint16(word(6), 0, true);
  view.setFloat32(word(7), SCALE, true);
  view.setUint16(word(9), h.dataStart, true);
  view.setUint16(word(10), 0, true);
  view.setFloat32(word(11), h.rate, true);
}

/** The median frame rate over the bouts' frame intervals, rounded to 0.01 Hz. */
function medianRate(recording: JointRecording): number {
  const intervals = recording.bouts.flatMap(({ times }) =>
    Array.from(times.subarray(1), (t, i) => t - (times[i] ?? 0)),
  );
  if (intervals.length === 0) return 30;
  intervals.sort((a, b) => a - b);
  const median = intervals[Math.floor(intervals.length / 2)] ?? 1 / 30;
  return Math.round(100 / median) / 100;
}
