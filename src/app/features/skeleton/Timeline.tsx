import { memo } from 'react';
import { Slider, SliderFill, SliderThumb, SliderTrack } from 'react-aria-components';
import type { GaitEventKind, GaitMarker } from './gaitMarkers.ts';
import { PlateMarkers } from './PlateMarkers.tsx';
import { SIDE_COLOURS } from './skeletonJoints.ts';

const SECONDS: Intl.NumberFormatOptions = {
  style: 'unit',
  unit: 'second',
  unitDisplay: 'long',
  maximumFractionDigits: 2,
};

export type TimelineProps = {
  /** Seconds since the walk's first frame. */
  position: number;
  duration: number;
  markers: readonly GaitMarker[];
  /** Time of the walk's first frame: marker times count from the start of the recording. */
  walkStart: number;
  onScrub: (position: number) => void;
};

/**
 * The scrub slider of docs/spec.md §2, built from react-aria's slider parts rather than components/ui/Slider because the
 * gait events are drawn inside its track.
 */
export function Timeline({ position, duration, markers, walkStart, onScrub }: TimelineProps) {
  return (
    <Slider
      className="slider timeline"
      aria-label="Time"
      minValue={0}
      maxValue={Math.max(duration, 0.01)}
      step={0.01}
      value={Math.min(position, duration)}
      onChange={onScrub}
      isDisabled={duration <= 0}
      // Read out as e.g. '3.4 seconds' by screen readers.
      formatOptions={SECONDS}
    >
      <SliderTrack className="slider__track timeline__track">
        <div className="slider__rail">
          <SliderFill className="slider__fill" />
        </div>
        <TimelineMarkers markers={markers} walkStart={walkStart} duration={duration} />
        <PlateMarkers markers={markers} walkStart={walkStart} duration={duration} />
        <SliderThumb className="slider__thumb" />
      </SliderTrack>
    </Slider>
  );
}

/** Tick rows inside the 44px track: heel strikes above the rail, toe offs below it. */
const ROWS: Record<GaitEventKind, readonly [number, number]> = { heelStrike: [6, 19], toeOff: [27, 35] };

/**
 * Heel strikes as tall ticks above the rail, toe offs as short ticks below; one SVG path per side and event rather
 * than an element per event (a 10-minute walk has over 2,000), on its own layer, re-drawn only when the walk changes.
 */
const TimelineMarkers = memo(function TimelineMarkers({
  markers,
  walkStart,
  duration,
}: Omit<TimelineProps, 'position' | 'onScrub'>) {
  if (duration <= 0) return null;
  const paths = (['left', 'right'] as const).flatMap((side) =>
    (['heelStrike', 'toeOff'] as const).map((kind) => {
      const [top, bottom] = ROWS[kind];
      const d = markers
        .filter((m) => m.side === side && m.kind === kind && m.plate === null)
        .map((m) => `M${((1000 * (m.time - walkStart)) / duration).toFixed(1)} ${top}V${bottom}`)
        .join('');
      return { key: `${side}-${kind}`, d, colour: SIDE_COLOURS[side] };
    }),
  );
  return (
    <svg
      className="timeline__markers"
      viewBox="0 0 1000 44"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((path) => (
        <path
          key={path.key}
          d={path.d}
          stroke={path.colour}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          fill="none"
        />
      ))}
    </svg>
  );
});
