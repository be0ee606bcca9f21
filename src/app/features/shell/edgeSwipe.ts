export type TouchPoint = { x: number; y: number; time: number };

/**
 * Thresholds for opening the drawer with a right swipe. The start zone is narrow so that
 * horizontal gestures inside the page (sliders, scrolling tables) are left alone; iOS reserves
 * the outermost pixels for its own back gesture, so a few of them are tolerated, not required.
 */
const EDGE_SWIPE = { edgeWidth: 32, minDistance: 60, maxDurationMs: 600 } as const;

export function isEdgeSwipeRight(start: TouchPoint, end: TouchPoint): boolean {
  const dx = end.x - start.x;
  const dy = Math.abs(end.y - start.y);
  return (
    start.x <= EDGE_SWIPE.edgeWidth &&
    dx >= EDGE_SWIPE.minDistance &&
    // Mostly horizontal: at most about 30 degrees off the axis.
    dy <= dx * 0.58 &&
    end.time - start.time <= EDGE_SWIPE.maxDurationMs
  );
}
