import { SIDE_COLOURS } from './skeletonJoints.ts';

/**
 * Explains the colours and the gait event marks, on the timeline and on the floor alike; with `plates`, also the
 * timeline's mark for an event a force plate gave.
 */
export function SkeletonLegend({ plates = false }: { plates?: boolean }) {
  return (
    <ul className="skeleton-legend" aria-label="Legend">
      <li>
        <span className="skeleton-legend__swatch" style={{ background: SIDE_COLOURS.left }} /> Left
      </li>
      <li>
        <span className="skeleton-legend__swatch" style={{ background: SIDE_COLOURS.right }} /> Right
      </li>
      <li>
        <span className="skeleton-legend__swatch" style={{ background: SIDE_COLOURS.centre }} /> Trunk and head
      </li>
      <li>
        <span className="skeleton-legend__footprint" /> Heel strike (footprint)
      </li>
      <li>
        <span className="skeleton-legend__ring" /> Toe off (ring)
      </li>
      {plates && (
        <li>
          <span className="skeleton-legend__plate" /> From a force plate (timeline)
        </li>
      )}
    </ul>
  );
}
