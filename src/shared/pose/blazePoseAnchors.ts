/**
 * The 2,254 SSD anchor centres of BlazePose's person detector (224 × 224 input), as MediaPipe's
 * pose_detection.pbtxt generates them: strides 8, 16, 32, 32, 32, two anchors per cell and layer, layers of one
 * stride sharing a grid, anchor offset 0.5, fixed anchor size (so only the centres matter). Flat: x, y per anchor.
 */
const STRIDES = [8, 16, 32, 32, 32];
const INPUT_SIZE = 224;
const ANCHORS_PER_LAYER = 2;

export function detectorAnchors(): Float32Array {
  const centres: number[] = [];
  for (let layer = 0; layer < STRIDES.length;) {
    const stride = STRIDES[layer] ?? 1;
    let sameStride = 0;
    while (layer < STRIDES.length && STRIDES[layer] === stride) {
      sameStride++;
      layer++;
    }
    const cells = Math.ceil(INPUT_SIZE / stride);
    for (let y = 0; y < cells; y++) {
      for (let x = 0; x < cells; x++) {
        for (let a = 0; a < sameStride * ANCHORS_PER_LAYER; a++) centres.push((x + 0.5) / cells, (y + 0.5) / cells);
      }
    }
  }
  return Float32Array.from(centres);
}
