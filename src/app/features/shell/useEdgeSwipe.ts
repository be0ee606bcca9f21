import { useEffect } from 'react';
import { isEdgeSwipeRight, type TouchPoint } from './edgeSwipe.ts';

/** Calls onSwipe when a single finger swipes right from the left edge of the screen. */
export function useEdgeSwipe(onSwipe: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let start: TouchPoint | null = null;

    const onStart = (event: TouchEvent): void => {
      const touch = event.touches.length === 1 ? event.touches[0] : undefined;
      start = touch ? { x: touch.clientX, y: touch.clientY, time: event.timeStamp } : null;
    };
    const onEnd = (event: TouchEvent): void => {
      const touch = event.changedTouches[0];
      if (start && touch && isEdgeSwipeRight(start, { x: touch.clientX, y: touch.clientY, time: event.timeStamp })) {
        onSwipe();
      }
      start = null;
    };

    // Passive: the gesture is only observed, never prevented, so scrolling stays smooth.
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
    };
  }, [onSwipe, enabled]);
}
