import { COORDINATES_PER_FRAME, JOINT_INDEX } from '#shared/gait/joints';
import type { Side } from '#shared/gait/gaitResult';
import type { PlateEventKind } from '#shared/gait/plateEvents';
import { footprintAt } from './footprints.ts';
import { writePose } from './framePose.ts';
import type { SkeletonWalk } from './skeletonRecording.ts';

export type GaitEventKind = PlateEventKind;

/**
 * One heel strike or toe off, where it sits on the timeline and on the floor (scene units: a heel strike's footprint
 * middle, a toe off's toes; the foot's heading, radians about y), and what found it: the markers' or joints' motion,
 * or a force plate (numbered from 1).
 */
export type GaitMarker = {
  time: number;
  side: Side;
  kind: GaitEventKind;
  x: number;
  z: number;
  heading: number;
  plate: number | null;
};

export const EVENT_LABELS: Record<GaitEventKind, string> = { heelStrike: 'Heel strike', toeOff: 'Toe off' };

const FOOT: Record<Side, number> = { left: JOINT_INDEX.FootLeft * 3, right: JOINT_INDEX.FootRight * 3 };

/**
 * A stored event within this of a plate event is that plate event: the metrics file keeps times to a tenth of a
 * millisecond, the plate's time is finer.
 */
const SAME_EVENT_S = 0.001;

/**
 * The walk's gait events in time order, each placed under its foot at the moment it happened (footprints.ts; a foot
 * whose direction cannot be seen points along `walkHeading`). A force plate's event is one marker, whether or not the
 * analysis used it in place of a kinematic one.
 */
export function gaitMarkers(walk: SkeletonWalk, walkHeading: number): GaitMarker[] {
  const pose = new Float32Array(COORDINATES_PER_FRAME);
  const markers: GaitMarker[] = [];
  const add = (side: Side, kind: GaitEventKind, plate: number | null) => (time: number) => {
    writePose(walk.times, walk.positions, time, pose, COORDINATES_PER_FRAME, walk.scene);
    const print = footprintAt(pose, side, walkHeading);
    const at = kind === 'heelStrike' ? print : { x: pose[FOOT[side]] ?? 0, z: pose[FOOT[side] + 2] ?? 0 };
    markers.push({ time, side, kind, x: at.x, z: at.z, heading: print.heading, plate });
  };
  const plates = walk.plateEvents;
  const onPlate = (side: Side, kind: GaitEventKind, time: number) =>
    plates.some((e) => e.side === side && e.kind === kind && Math.abs(e.time - time) < SAME_EVENT_S);
  for (const side of ['left', 'right'] as const) {
    const foot = walk.events?.[side];
    if (foot === undefined) continue;
    foot.heelStrikes.filter((t) => !onPlate(side, 'heelStrike', t)).forEach(add(side, 'heelStrike', null));
    foot.toeOffs.filter((t) => !onPlate(side, 'toeOff', t)).forEach(add(side, 'toeOff', null));
  }
  for (const event of plates) add(event.side, event.kind, event.plate)(event.time);
  return markers.sort((a, b) => a.time - b.time);
}
