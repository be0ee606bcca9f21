import {
  FieldError,
  Label,
  Radio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
} from 'react-aria-components';
import type { Option } from './options.ts';

export type RadioGroupProps = Omit<AriaRadioGroupProps, 'className' | 'children' | 'value' | 'onChange'> & {
  label: string;
  options: readonly Option[];
  value: string;
  onChange: (id: string) => void;
};

/** One choice of a few, all visible (clinic type, sex); arrow keys move between them. */
export function RadioGroup({ label, options, value, onChange, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} value={value} onChange={onChange} className="radio-group">
      <Label className="field__label">{label}</Label>
      {options.map((option) => (
        <Radio key={option.id} value={option.id} className="radio">
          {option.label}
        </Radio>
      ))}
      <FieldError className="field__error" />
    </AriaRadioGroup>
  );
}
