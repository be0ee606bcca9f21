import { z } from 'zod';

/** A head's box in a frame: x, y of its top left, width, height, in the video's pixels. */
export type HeadBox = [number, number, number, number];

/**
 * The heads a blurring job found (docs/blurring.md): per frame, the boxes detected in it, flat (x, y, width, height,
 * …). A frame's boxes are filled together with those of the `Hold` frames before and after it, so that a head the
 * detector missed for a moment stays hidden; `heldHeadBoxes` is that rule, for the job and the review alike.
 */
export const headBoxesSchema = z.object({
  Width: z.number().int().positive(),
  Height: z.number().int().positive(),
  FrameRate: z.number().positive(),
  Hold: z.number().int().min(0),
  Frames: z.array(z.array(z.number().int())),
});
export type HeadBoxes = z.infer<typeof headBoxesSchema>;

/** The boxes filled in one frame: those detected in it and in the Hold frames either side. */
export function heldHeadBoxes(heads: Pick<HeadBoxes, 'Frames' | 'Hold'>, frame: number): HeadBox[] {
  const boxes: HeadBox[] = [];
  const last = Math.min(heads.Frames.length - 1, frame + heads.Hold);
  for (let f = Math.max(0, frame - heads.Hold); f <= last; f++) {
    const flat = heads.Frames[f] ?? [];
    for (let i = 0; i + 3 < flat.length; i += 4) {
      boxes.push([flat[i] ?? 0, flat[i + 1] ?? 0, flat[i + 2] ?? 0, flat[i + 3] ?? 0]);
    }
  }
  return boxes;
}

/** The boxes filled at a moment of the video, as fractions of the frame (how the review draws regions). */
export function headRegionsAt(heads: HeadBoxes, seconds: number) {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return heldHeadBoxes(heads, Math.round(seconds * heads.FrameRate)).map(([x, y, w, h]) => {
    const [x0, y0] = [clamp(x / heads.Width), clamp(y / heads.Height)];
    return {
      x: x0,
      y: y0,
      width: clamp((x + w) / heads.Width) - x0,
      height: clamp((y + h) / heads.Height) - y0,
    };
  });
}
