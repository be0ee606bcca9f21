import { Label, SliderFill, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';

export type SliderFormat = (value: number) => string;

/** The label row (label and formatted value) and the track shared by Slider and RangeSlider. */
export function SliderParts({
  label,
  format,
  thumbLabels,
}: {
  label: string;
  format: SliderFormat;
  thumbLabels: readonly string[];
}) {
  return (
    <>
      <div className="slider__header">
        <Label className="field__label">{label}</Label>
        <SliderOutput className="slider__output">{({ state }) => state.values.map(format).join(' – ')}</SliderOutput>
      </div>
      <SliderTrack className="slider__track">
        {/* The fill takes the rail's full height; the rail sets how thick the bar looks. */}
        <div className="slider__rail">
          <SliderFill className="slider__fill" />
        </div>
        {thumbLabels.map((thumbLabel, index) => (
          // A range has two thumbs; each needs its own name ('Minimum age', 'Maximum age').
          <SliderThumb
            key={thumbLabel}
            index={index}
            aria-label={thumbLabels.length > 1 ? thumbLabel : undefined}
            className="slider__thumb"
          />
        ))}
      </SliderTrack>
    </>
  );
}
