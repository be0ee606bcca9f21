import { COORDINATES_PER_FRAME, JOINT_INDEX } from '#shared/gait/joints';

/** The pose drawn this frame, written once by the figure and read by the camera and grid after it. */
export type ScenePose = { joints: Float32Array };

export const createScenePose = (): ScenePose => ({ joints: new Float32Array(COORDINATES_PER_FRAME) });

export const HIP = JOINT_INDEX.HipCenter * 3;
