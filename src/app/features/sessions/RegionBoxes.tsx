import type { BlurRegion } from '#shared/sessions/blurJobs';

/** A drag on the frame as a region (fractions of the frame), from the moment shown; a mere click is none. */
export function regionFromDrag(
  from: { x: number; y: number },
  to: { x: number; y: number },
  atSecond: number,
): BlurRegion | undefined {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const [x0, x1] = [clamp(Math.min(from.x, to.x)), clamp(Math.max(from.x, to.x))];
  const [y0, y1] = [clamp(Math.min(from.y, to.y)), clamp(Math.max(from.y, to.y))];
  if (x1 - x0 < 0.01 || y1 - y0 < 0.01) return undefined;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0, fromSecond: atSecond };
}

/** Boxes drawn over a video frame at their place, each named for screen readers. */
export function RegionBoxes({ regions, label }: { regions: readonly BlurRegion[]; label: string }) {
  return regions.map((region, n) => (
    <div
      key={`${String(n)}-${String(region.x)}-${String(region.y)}`}
      role="img"
      aria-label={`${label} ${String(n + 1)}`}
      className="blur-review__box"
      style={{
        left: `${String(region.x * 100)}%`,
        top: `${String(region.y * 100)}%`,
        width: `${String(region.width * 100)}%`,
        height: `${String(region.height * 100)}%`,
      }}
    />
  ));
}
