import { Slider as AriaSlider, type SliderProps as AriaSliderProps } from 'react-aria-components';
import { SliderParts, type SliderFormat } from './SliderParts.tsx';

export type SliderProps = Omit<AriaSliderProps<number>, 'className' | 'children'> & {
  label: string;
  /** Shown beside the label, e.g. 100 as '100+' (docs/spec.md §9 age slider). */
  format?: SliderFormat;
};

export function Slider({ label, format = String, ...props }: SliderProps) {
  return (
    <AriaSlider {...props} className="slider">
      <SliderParts label={label} format={format} thumbLabels={[label]} />
    </AriaSlider>
  );
}
