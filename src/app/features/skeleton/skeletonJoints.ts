import type { SourceSkeleton } from '#shared/formats/importedRecording';
import { sideOfBone, sideOfJoint, type BodySide } from '#shared/formats/jointSide';

export type { BodySide };

/** Left blue, right orange: a pair that colour-blind viewers can still tell apart; the trunk stays neutral. */
export const SIDE_COLOURS: Record<BodySide, string> = { left: '#2f7fd8', right: '#f08a24', centre: '#8a969e' };

/**
 * The skeleton as the file has it, ready to draw: its joints (20 for the joint data file, 32 for Azure Kinect, every
 * marker of a C3D trial, …), the bones between the joints that are tracked somewhere in the recording, and the side
 * of each for its colour.
 */
export type FigureShape = {
  jointCount: number;
  /** 1 for a joint tracked in some frame; a joint never tracked is not drawn. */
  shown: Uint8Array;
  jointSides: readonly BodySide[];
  /** Joint indices, two per bone, in the order the bone segments are written. */
  boneJoints: Uint16Array;
  boneSides: readonly BodySide[];
  /** The joint named Head (Kinect's, Azure Kinect's), drawn as a head; -1 when the skeleton has none (markers). */
  headJoint: number;
};

export function figureShape(skeleton: Pick<SourceSkeleton, 'jointNames' | 'bones'>, shown: Uint8Array): FigureShape {
  const jointSides = skeleton.jointNames.map(sideOfJoint);
  const bones = skeleton.bones.filter(([a, b]) => shown[a] === 1 && shown[b] === 1);
  return {
    jointCount: skeleton.jointNames.length,
    shown,
    jointSides,
    boneJoints: Uint16Array.from(bones.flat()),
    boneSides: bones.map(([a, b]) => sideOfBone(jointSides[a] ?? 'centre', jointSides[b] ?? 'centre')),
    headJoint: skeleton.jointNames.findIndex((name) => /^head$/i.test(name)),
  };
}
