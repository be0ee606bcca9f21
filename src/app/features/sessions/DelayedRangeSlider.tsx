import { useEffect, useRef, useState } from 'react';
import { RangeSlider, type Range } from '#app/components/ui/RangeSlider';
import type { NumberRange } from './sessionFilter.ts';

/** docs/spec.md §9: slider refresh delay. */
const SLIDER_DELAY_MS = 200;

export type DelayedRangeSliderProps = {
  label: string;
  value: NumberRange;
  bounds: NumberRange;
  onChange: (range: Range) => void;
};

/**
 * A range slider that moves at once but filters the list 200 ms after the last change (docs/spec.md §9), so dragging or
 * holding an arrow key over 100k sessions does not filter on every step.
 */
export function DelayedRangeSlider({ label, value, bounds, onChange }: DelayedRangeSliderProps) {
  const [shown, setShown] = useState<Range>([value[0], value[1]]);
  const [last, setLast] = useState(value);
  // A change from outside (Clear all, new bounds) wins over a pending local one.
  if (last[0] !== value[0] || last[1] !== value[1]) {
    setLast(value);
    setShown([value[0], value[1]]);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (range: Range) => {
    setShown(range);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(range), SLIDER_DELAY_MS);
  };
  return <RangeSlider label={label} minValue={bounds[0]} maxValue={bounds[1]} value={shown} onChange={change} />;
}
