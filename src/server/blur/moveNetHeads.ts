import type * as TfCore from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { HeadBox } from '#shared/sessions/headBoxes';

type Tf = typeof TfCore;

/** MoveNet MultiPose's output per person: 17 keypoints as y, x, score (fractions of the input), then a box and its score. */
const VALUES = 56;
const KEYPOINTS = 17;
/** COCO keypoints 0–4 are the nose, eyes and ears; 5 and 6 the shoulders. */
const FACE_POINTS = 5;
const MIN_PERSON_SCORE = 0.2;
const MIN_POINT_SCORE = 0.2;
/** The input's longer side: a multiple of 32, as the model needs; people 40 px tall in a 1768-wide frame still show. */
const INPUT_LONG_SIDE = 640;

/**
 * A second look for people, by a model trained on COCO's varied poses (MoveNet MultiPose, up to 6 people): it finds
 * a body upside down in a flip or crouched, which BlazePose's upright detector loses. Each person's head is the box
 * around the face keypoints it is sure of, at least as large as the nose-to-shoulders distance.
 */
export class MoveNetHeads {
  constructor(
    private readonly tf: Tf,
    private readonly model: GraphModel,
  ) {}

  async find(image: TfCore.Tensor4D, width: number, height: number): Promise<HeadBox[]> {
    const scale = INPUT_LONG_SIDE / Math.max(width, height);
    const [w, h] = [width, height].map((v) => Math.max(32, Math.round((v * scale) / 32) * 32)) as [number, number];
    const input = this.tf.tidy(() => this.tf.cast(this.tf.image.resizeBilinear(image, [h, w]), 'int32'));
    const output = this.model.execute(input) as TfCore.Tensor;
    const raw = await output.data();
    input.dispose();
    output.dispose();
    const heads: HeadBox[] = [];
    for (let p = 0; p * VALUES < raw.length; p++) {
      const at = (k: number) => raw[p * VALUES + k] ?? 0;
      if (at(KEYPOINTS * 3 + 4) < MIN_PERSON_SCORE) continue;
      const point = (k: number) => ({ y: at(k * 3) * height, x: at(k * 3 + 1) * width, score: at(k * 3 + 2) });
      const face = Array.from({ length: FACE_POINTS }, (_, k) => point(k)).filter((q) => q.score >= MIN_POINT_SCORE);
      if (face.length === 0) continue;
      const xs = face.map((q) => q.x);
      const ys = face.map((q) => q.y);
      const [l, r] = [point(5), point(6)];
      const neck = Math.hypot((l.x + r.x) / 2 - (xs[0] ?? 0), (l.y + r.y) / 2 - (ys[0] ?? 0));
      const boxHeight = (at(KEYPOINTS * 3 + 2) - at(KEYPOINTS * 3)) * height;
      const side =
        Math.max(
          Math.max(...xs) - Math.min(...xs),
          Math.max(...ys) - Math.min(...ys),
          Math.min(neck * 1.2, boxHeight / 4),
        ) * 1.3;
      const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
      const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
      heads.push([Math.round(cx - side / 2), Math.round(cy - side / 2), Math.round(side), Math.round(side)]);
    }
    return heads;
  }
}
