import {
  Button as AriaButton,
  Select as AriaSelect,
  SelectValue,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel } from './FieldParts.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { OptionPopover } from './OptionPopover.tsx';
import type { Option } from './options.ts';

export type SelectProps = Omit<AriaSelectProps<Option>, 'className' | 'children' | 'value' | 'onChange'> & {
  label: string;
  options: readonly Option[];
  value: string | null;
  onChange: (id: string | null) => void;
  /** Shown in the open list when there is nothing to choose (e.g. 'No clinics available to choose from'). */
  emptyText?: string;
  description?: string;
};

/** A single choice from a list, as a button that opens a list box. */
export function Select({
  label,
  options,
  value,
  onChange,
  emptyText = 'Nothing to choose from',
  description,
  ...props
}: SelectProps) {
  return (
    <AriaSelect
      {...props}
      value={value}
      onChange={(key) => onChange(key === null ? null : String(key))}
      placeholder={options.length === 0 ? emptyText : props.placeholder}
      // Opens even when empty, so the list itself can say there is nothing to choose.
      allowsEmptyCollection
      className="field select"
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <AriaButton className="field__input select__button">
        <SelectValue className="select__value" />
        <ChevronDownIcon size={20} />
      </AriaButton>
      <FieldHelp description={description} />
      <OptionPopover options={options} emptyText={emptyText} />
    </AriaSelect>
  );
}
