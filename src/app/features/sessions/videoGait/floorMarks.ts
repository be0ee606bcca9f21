import type { FloorMarks, FramePoint } from '#shared/pose/scaleInput';

/** Where the two marks start: on the floor line a third and two thirds across, ready to be moved onto the marks. */
export const START_MARKS: FloorMarks = [
  { x: 1 / 3, y: 0.9 },
  { x: 2 / 3, y: 0.9 },
];

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** A click moves the mark nearer to it: two marks always exist, so a keyboard user only ever moves them. */
export function placeMark(marks: FloorMarks, at: FramePoint): FloorMarks {
  const point = { x: clamp(at.x), y: clamp(at.y) };
  const [a, b] = marks;
  return Math.hypot(a.x - point.x, a.y - point.y) <= Math.hypot(b.x - point.x, b.y - point.y) ? [point, b] : [a, point];
}

/** Arrow keys move a mark by 0.2 % of the frame (2 % with Shift); other keys leave it where it is. */
export function nudgeMark(mark: FramePoint, key: string, large: boolean): FramePoint | undefined {
  const step = large ? 0.02 : 0.002;
  const moves: Record<string, FramePoint> = {
    ArrowLeft: { x: -step, y: 0 },
    ArrowRight: { x: step, y: 0 },
    ArrowUp: { x: 0, y: -step },
    ArrowDown: { x: 0, y: step },
  };
  const move = moves[key];
  return move && { x: clamp(mark.x + move.x), y: clamp(mark.y + move.y) };
}

/** The patient's height on record in metres, or NaN for none (a record without it asks the clinician). */
export const heightFromRecordM = (heightCm: number | undefined) =>
  heightCm !== undefined && heightCm > 0 ? Math.round(heightCm) / 100 : Number.NaN;
