import type * as TfCore from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { detectorAnchors } from './blazePoseAnchors.ts';
import { LANDMARK_COUNT } from './poseKeypoints.ts';

type Tf = typeof TfCore;
/** A decoded video frame: RGB bytes, row by row, three per pixel. */
export type RgbFrame = { data: Uint8Array; width: number; height: number };
/** A square region of the frame (pixels): where the landmark model looks. */
export type Roi = { cx: number; cy: number; size: number };
export type PoseModels = { detector: GraphModel; landmarks: GraphModel };

const DETECTOR_SIZE = 224;
const LANDMARK_SIZE = 256;
/** The landmark model's 39 points: the 33 landmarks, then the body centre and a point giving its size (MediaPipe). */
const MODEL_POINTS = 39;
const CENTRE_POINT = 33;
const SIZE_POINT = 34;
/** MediaPipe's pose_detection_to_roi and pose_landmarks_to_roi: a square twice the centre-to-size distance, × 1.25. */
const ROI_SCALE = 1.25;
/** MediaPipe Pose's default min_detection_confidence and min_tracking_confidence. */
const MIN_DETECTION_SCORE = 0.5;
const MIN_POSE_SCORE = 0.5;

const sigmoid = (v: number) => 1 / (1 + Math.exp(-Math.max(-100, Math.min(100, v))));

/** Intersection over union of two square regions. */
export function roiOverlap(a: Roi, b: Roi): number {
  const overlap = (ca: number, cb: number) =>
    Math.max(0, Math.min(ca + a.size / 2, cb + b.size / 2) - Math.max(ca - a.size / 2, cb - b.size / 2));
  const inter = overlap(a.cx, b.cx) * overlap(a.cy, b.cy);
  return inter / (a.size * a.size + b.size * b.size - inter);
}

/**
 * BlazePose (Bazarevsky et al. 2020) on video frames, as MediaPipe runs it: the person detector finds the body in
 * the first frame (or after the body was lost), and afterwards the region comes from the previous frame's landmarks.
 * The region is kept upright (no rotation): a walker stands upright. Returns, per frame, the 33 landmarks as x, y in
 * the frame's pixels and visibility, or undefined when no body is found.
 */
export class BlazePoseTracker {
  private roi: Roi | undefined;
  private readonly anchors = detectorAnchors();

  constructor(
    private readonly tf: Tf,
    private readonly models: PoseModels,
  ) {}

  async estimate(frame: RgbFrame): Promise<Float32Array | undefined> {
    const image = this.frameTensor(frame);
    try {
      this.roi ??= await this.detect(image, frame);
      if (this.roi === undefined) return undefined;
      let found = await this.landmarks(image, frame, this.roi);
      if (found === undefined) {
        // Lost: look for the body afresh in this frame before giving the frame up.
        this.roi = await this.detect(image, frame);
        found = this.roi === undefined ? undefined : await this.landmarks(image, frame, this.roi);
      }
      this.roi = found?.next;
      return found?.points;
    } finally {
      image.dispose();
    }
  }

  /** The frame as the float tensor the models crop from; the caller disposes of it. */
  frameTensor(frame: RgbFrame): TfCore.Tensor4D {
    return this.tf.tidy(() =>
      this.tf.cast(this.tf.tensor4d(frame.data, [1, frame.height, frame.width, 3], 'int32'), 'float32'),
    );
  }

  /** The most confident person in the whole frame. */
  private async detect(image: TfCore.Tensor4D, frame: RgbFrame): Promise<Roi | undefined> {
    const side = Math.max(frame.width, frame.height);
    return (await this.detectPeople(image, frame, { cx: frame.width / 2, cy: frame.height / 2, size: side }))[0]?.roi;
  }

  /**
   * Every person the detector finds in a square part of the frame (the whole frame, or a tile so that a small
   * person fills more of the detector's input), most confident first; overlapping detections of one person are
   * merged by non-maximum suppression as MediaPipe does (IoU of the regions ≥ 0.3).
   */
  async detectPeople(image: TfCore.Tensor4D, frame: RgbFrame, square: Roi): Promise<{ roi: Roi; score: number }[]> {
    const input = this.crop(image, frame, square, DETECTOR_SIZE, 'signed');
    const output = this.models.detector.execute(input) as TfCore.Tensor;
    const raw = await output.data();
    input.dispose();
    output.dispose();
    const width = raw.length / (this.anchors.length / 2);
    const found: { roi: Roi; score: number }[] = [];
    for (let i = 0; i < this.anchors.length / 2; i++) {
      const score = sigmoid(raw[i * width] ?? -100);
      if (score <= MIN_DETECTION_SCORE) continue;
      const at = (k: number) => (raw[i * width + 1 + k] ?? 0) / DETECTOR_SIZE;
      const [ax = 0, ay = 0] = [this.anchors[i * 2], this.anchors[i * 2 + 1]];
      // Box (4 values), then keypoint 0 (hip centre) and keypoint 1 (the body's size), offsets from the anchor.
      const [x0, y0, x1, y1] = [at(4) + ax, at(5) + ay, at(6) + ax, at(7) + ay];
      const toFrame = (v: number, centre: number) => centre + (v - 0.5) * square.size;
      const roi = this.roiFrom(
        toFrame(x0, square.cx),
        toFrame(y0, square.cy),
        toFrame(x1, square.cx),
        toFrame(y1, square.cy),
      );
      found.push({ roi, score });
    }
    found.sort((a, b) => b.score - a.score);
    const kept: { roi: Roi; score: number }[] = [];
    for (const candidate of found) {
      if (kept.every((k) => roiOverlap(k.roi, candidate.roi) < 0.3)) kept.push(candidate);
    }
    return kept;
  }

  /** The 33 landmarks of the body in a region, and the region to look in next frame; undefined when none is there. */
  async landmarks(
    image: TfCore.Tensor4D,
    frame: RgbFrame,
    roi: Roi,
  ): Promise<{ points: Float32Array; next: Roi } | undefined> {
    const input = this.crop(image, frame, roi, LANDMARK_SIZE, 'unit');
    const outputs = this.models.landmarks.execute(input, ['Identity_2', 'Identity_3']) as TfCore.Tensor[];
    const [ld, flag] = await Promise.all(outputs.map((t) => t.data()));
    input.dispose();
    for (const t of outputs) t.dispose();
    if (ld === undefined || flag === undefined || (flag[0] ?? 0) < MIN_POSE_SCORE) return undefined;
    const values = ld.length / MODEL_POINTS;
    const toFrame = (p: number, axis: 0 | 1) => {
      const v = (ld[p * values + axis] ?? 0) / LANDMARK_SIZE;
      return (axis === 0 ? roi.cx : roi.cy) + (v - 0.5) * roi.size;
    };
    const points = new Float32Array(LANDMARK_COUNT * 3);
    for (let p = 0; p < LANDMARK_COUNT; p++) {
      points[p * 3] = toFrame(p, 0);
      points[p * 3 + 1] = toFrame(p, 1);
      points[p * 3 + 2] = sigmoid(ld[p * values + 3] ?? -100);
    }
    const next = this.roiFrom(
      toFrame(CENTRE_POINT, 0),
      toFrame(CENTRE_POINT, 1),
      toFrame(SIZE_POINT, 0),
      toFrame(SIZE_POINT, 1),
    );
    return { points, next };
  }

  private roiFrom(cx: number, cy: number, sx: number, sy: number): Roi {
    return { cx, cy, size: 2 * Math.hypot(sx - cx, sy - cy) * ROI_SCALE };
  }

  /** The square region resized to the model's input, black outside the frame; [0, 1] or [−1, 1]. */
  private crop(image: TfCore.Tensor4D, frame: RgbFrame, roi: Roi, size: number, range: 'unit' | 'signed') {
    const { tf } = this;
    return tf.tidy(() => {
      const half = roi.size / 2;
      const box = [
        (roi.cy - half) / (frame.height - 1),
        (roi.cx - half) / (frame.width - 1),
        (roi.cy + half) / (frame.height - 1),
        (roi.cx + half) / (frame.width - 1),
      ];
      const cropped = tf.image.cropAndResize(image, [box], [0], [size, size], 'bilinear', 0);
      return range === 'unit' ? tf.div(cropped, 255) : tf.sub(tf.div(cropped, 127.5), 1);
    });
  }
}
