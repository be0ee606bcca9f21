import { Slider as AriaSlider, type SliderProps as AriaSliderProps } from 'react-aria-components';
import { SliderParts, type SliderFormat } from './SliderParts.tsx';

export type Range = [number, number];

export type RangeSliderProps = Omit<
  AriaSliderProps<number[]>,
  'className' | 'children' | 'value' | 'defaultValue' | 'onChange' | 'onChangeEnd'
> & {
  label: string;
  value: Range;
  onChange?: (range: Range) => void;
  /** Fires when the drag ends: the place to filter a large list (docs/spec.md §9: 200 ms refresh delay). */
  onChangeEnd?: (range: Range) => void;
  format?: SliderFormat;
};

const asRange = (values: number[]): Range => [values[0] ?? 0, values[1] ?? values[0] ?? 0];

/** A minimum and a maximum on one track (age, session numbers). */
export function RangeSlider({ label, value, onChange, onChangeEnd, format = String, ...props }: RangeSliderProps) {
  return (
    <AriaSlider
      {...props}
      value={value}
      onChange={(values) => onChange?.(asRange(values))}
      onChangeEnd={(values) => onChangeEnd?.(asRange(values))}
      className="slider"
    >
      <SliderParts
        label={label}
        format={format}
        thumbLabels={[`Minimum ${label.toLowerCase()}`, `Maximum ${label.toLowerCase()}`]}
      />
    </AriaSlider>
  );
}
