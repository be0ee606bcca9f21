import type { ScaleChoice } from './videoScale.ts';

/** A point on the video frame as fractions of its width and height, so the marks fit any displayed size. */
export type FramePoint = { x: number; y: number };
export type FloorMarks = readonly [FramePoint, FramePoint];

/**
 * The scale the clinician chose: the patient's height, or two floor marks on the frame (fractions) and the distance
 * between them. The device's dialog and the server's pose job both take it.
 */
export type ScaleInput =
  { kind: 'height'; heightM: number } | { kind: 'floorMarks'; distanceM: number; marks: FloorMarks };

/** The scale in the pixels of the frames the pose model saw (their width and height). */
export function scaleChoiceFor(input: ScaleInput, width: number, height: number): ScaleChoice {
  if (input.kind === 'height') return input;
  const [from, to] = input.marks.map((m) => ({ x: m.x * width, y: m.y * height })) as [FramePoint, FramePoint];
  return { kind: 'floorMarks', distanceM: input.distanceM, from, to };
}
