import { memo } from 'react';
import { EVENT_LABELS, type GaitMarker } from './gaitMarkers.ts';
import { SIDE_COLOURS } from './skeletonJoints.ts';

const ROWS = { heelStrike: [6, 19], toeOff: [27, 35] } as const;
const SIDE_NAMES = { left: 'Left', right: 'Right' } as const;

/** How a screen reader hears the walk's force plate events, e.g. 'Right heel strike at 4.04 s, plate 1'. */
function plateEventsLabel(markers: readonly GaitMarker[], walkStart: number): string {
  const plated = markers.filter((m) => m.plate !== null);
  const each = plated.map(
    (m) =>
      `${SIDE_NAMES[m.side]} ${EVENT_LABELS[m.kind].toLowerCase()} at ${(m.time - walkStart).toFixed(2)} s, plate ${String(m.plate)}`,
  );
  return `Gait events from force plates: ${each.join('; ')}`;
}

/**
 * The force plates' heel strikes and toe offs, drawn apart from the markers' own: a thicker tick in the side's
 * colour, capped by a black square beyond the tick's end, so that they read at a glance and in black and white.
 * Few (one or two per plate), so one element each; labelled for screen readers, as the other ticks are not.
 */
export const PlateMarkers = memo(function PlateMarkers({
  markers,
  walkStart,
  duration,
}: {
  markers: readonly GaitMarker[];
  walkStart: number;
  duration: number;
}) {
  const plated = markers.filter((m) => m.plate !== null);
  if (duration <= 0 || plated.length === 0) return null;
  return (
    <svg
      className="timeline__markers timeline__plates"
      viewBox="0 0 1000 44"
      preserveAspectRatio="none"
      role="img"
      aria-label={plateEventsLabel(plated, walkStart)}
      focusable="false"
    >
      {plated.map((m) => {
        const x = (1000 * (m.time - walkStart)) / duration;
        const [top, bottom] = ROWS[m.kind];
        const cap = m.kind === 'heelStrike' ? top - 5 : bottom + 1;
        return (
          <g key={`${m.side}-${m.kind}-${String(m.time)}`} data-plate={m.plate}>
            <path
              d={`M${x.toFixed(1)} ${String(top)}V${String(bottom)}`}
              stroke={SIDE_COLOURS[m.side]}
              strokeWidth={4}
              vectorEffect="non-scaling-stroke"
            />
            <rect x={x - 3} y={cap} width={6} height={4} fill="#000" />
          </g>
        );
      })}
    </svg>
  );
});
