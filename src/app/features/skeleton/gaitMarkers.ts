import { COORDINATES_PER_FRAME, JOINT_INDEX } from '#shared/gait/joints';
import type { Side } from '#shared/gait/gaitResult';
import { writePose } from './framePose.ts';
import type { SkeletonWalk } from './skeletonRecording.ts';

export type GaitEventKind = 'heelStrike' | 'toeOff';

/** One heel strike or toe off, where it sits on the timeline and on the floor (scene units). */
export type GaitMarker = { time: number; side: Side; kind: GaitEventKind; x: number; z: number };

export const EVENT_LABELS: Record<GaitEventKind, string> = { heelStrike: 'Heel strike', toeOff: 'Toe off' };

const FOOT: Record<Side, number> = { left: JOINT_INDEX.FootLeft * 3, right: JOINT_INDEX.FootRight * 3 };

/** The walk's gait events in time order, each placed under its foot at the moment it happened. */
export function gaitMarkers(walk: SkeletonWalk): GaitMarker[] {
  if (!walk.events) return [];
  const pose = new Float32Array(COORDINATES_PER_FRAME);
  const markers: GaitMarker[] = [];
  for (const side of ['left', 'right'] as const) {
    const foot = walk.events[side];
    const add = (kind: GaitEventKind) => (time: number) => {
      writePose(walk.times, walk.positions, time, pose, COORDINATES_PER_FRAME, walk.scene);
      markers.push({ time, side, kind, x: pose[FOOT[side]] ?? 0, z: pose[FOOT[side] + 2] ?? 0 });
    };
    foot.heelStrikes.forEach(add('heelStrike'));
    foot.toeOffs.forEach(add('toeOff'));
  }
  return markers.sort((a, b) => a.time - b.time);
}
