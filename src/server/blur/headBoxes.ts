import type { BlazePoseTracker, RgbFrame, Roi } from '#shared/pose/blazePoseRunner';
import { roiOverlap } from '#shared/pose/blazePoseRunner';
import type { HeadBox } from '#shared/sessions/headBoxes';
import type { MoveNetHeads } from './moveNetHeads.ts';

/** People are looked for afresh every this many frames; in between each one is tracked from its landmarks. */
const DETECT_EVERY = 5;
/** Landmarks 0–10 of BlazePose: nose, eyes, ears, mouth. The model places them for a profile and a back too. */
const FACE_POINTS = 11;
const LEFT_SHOULDER = 11;
const RIGHT_SHOULDER = 12;
/**
 * The face landmarks span the face, not the head: the box is the larger of their extent and the nose-to-shoulders
 * distance (about one head height), then enlarged so that hair, the back of the head and a fast turn stay inside.
 */
const HEAD_ENLARGE = 1.3;
const HEAD_PER_NECK = 1.2;
/** A person whose region overlaps a tracked one this much is the same person. */
const SAME_PERSON = 0.3;

/** The whole frame and its 2×2 tiles (squares, half overlapping the neighbour's edge): a small person fills more of the detector's input in a tile. */
function searchSquares(width: number, height: number): Roi[] {
  const whole = { cx: width / 2, cy: height / 2, size: Math.max(width, height) };
  const tile = Math.max(width, height) / 2;
  const tiles = [0.25, 0.75].flatMap((fy) =>
    [0.25, 0.75].map((fx) => ({ cx: width * fx, cy: height * fy, size: tile })),
  );
  return [whole, ...tiles];
}

/** The head of one body's landmarks (x, y, visibility × 33) as a box in the frame's pixels. */
function headBoxOf(points: Float32Array): HeadBox {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let p = 0; p < FACE_POINTS; p++) {
    const x = points[p * 3] ?? 0;
    const y = points[p * 3 + 1] ?? 0;
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  const shoulderX = ((points[LEFT_SHOULDER * 3] ?? 0) + (points[RIGHT_SHOULDER * 3] ?? 0)) / 2;
  const shoulderY = ((points[LEFT_SHOULDER * 3 + 1] ?? 0) + (points[RIGHT_SHOULDER * 3 + 1] ?? 0)) / 2;
  const neck = Math.hypot((points[0] ?? 0) - shoulderX, (points[1] ?? 0) - shoulderY);
  const side = Math.max(x1 - x0, y1 - y0, neck * HEAD_PER_NECK) * HEAD_ENLARGE;
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  return [Math.round(cx - side / 2), Math.round(cy - side / 2), Math.round(side), Math.round(side)];
}

/**
 * The heads of every person in a video's frames, fed in order: BlazePose's detector finds people on the whole frame
 * and its 2×2 tiles every DETECT_EVERY frames, and each person found is tracked from frame to frame by the landmark
 * model as MediaPipe tracks one (its next region from its landmarks) until the model loses them.
 */
export class HeadBoxFinder {
  private tracks: Roi[] = [];

  constructor(
    private readonly pose: BlazePoseTracker,
    private readonly moveNet: MoveNetHeads,
  ) {}

  async find(frame: RgbFrame, index: number): Promise<HeadBox[]> {
    const image = this.pose.frameTensor(frame);
    try {
      if (index % DETECT_EVERY === 0) {
        for (const square of searchSquares(frame.width, frame.height)) {
          for (const { roi } of await this.pose.detectPeople(image, frame, square)) {
            if (this.tracks.every((t) => roiOverlap(t, roi) < SAME_PERSON)) this.tracks.push(roi);
          }
        }
      }
      const heads: HeadBox[] = [];
      const next: Roi[] = [];
      for (const roi of this.tracks) {
        const found = await this.pose.landmarks(image, frame, roi);
        // Two tracks that drifted onto one person are one: the later is dropped.
        if (found === undefined || next.some((t) => roiOverlap(t, found.next) >= SAME_PERSON)) continue;
        next.push(found.next);
        heads.push(headBoxOf(found.points));
      }
      this.tracks = next;
      heads.push(...(await this.moveNet.find(image, frame.width, frame.height)));
      return heads;
    } finally {
      image.dispose();
    }
  }
}
