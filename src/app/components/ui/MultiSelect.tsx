import { Button as AriaButton, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';
import { FieldHelp, FieldLabel } from './FieldParts.tsx';
import { Chips } from './Chips.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { OptionPopover } from './OptionPopover.tsx';
import type { Option } from './options.ts';

export type MultiSelectProps = {
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  emptyText?: string;
  description?: string;
  placeholder?: string;
  /** Chips beyond this many collapse into '+N more' (docs/spec.md §2: up to 5 chips shown). */
  maxVisibleChips?: number;
  isClearable?: boolean;
  isDisabled?: boolean;
};

/** Several choices from a list; the choices show as removable chips under the button. */
export function MultiSelect(props: MultiSelectProps) {
  const { label, options, value, onChange, emptyText = 'Nothing to choose from', description } = props;
  const chosen = value.map((id) => options.find((option) => option.id === id) ?? { id, label: id });
  return (
    <div className="field">
      <AriaSelect<Option, 'multiple'>
        selectionMode="multiple"
        value={value}
        onChange={(keys: Key[]) => onChange(keys.map(String))}
        placeholder={options.length === 0 ? emptyText : (props.placeholder ?? 'Choose…')}
        isDisabled={props.isDisabled}
        allowsEmptyCollection
        className="field select"
      >
        <FieldLabel label={label} />
        <AriaButton className="field__input select__button">
          <SelectValue className="select__value">
            {({ isPlaceholder, selectedItems, defaultChildren }) =>
              isPlaceholder ? defaultChildren : `${selectedItems.length} selected`
            }
          </SelectValue>
          <ChevronDownIcon size={20} />
        </AriaButton>
        <FieldHelp description={description} />
        <OptionPopover options={options} emptyText={emptyText} />
      </AriaSelect>
      <Chips
        label={label}
        chips={chosen}
        maxVisible={props.maxVisibleChips}
        onRemove={(ids) => onChange(value.filter((id) => !ids.has(id)))}
        onClear={props.isClearable ? () => onChange([]) : undefined}
        isDisabled={props.isDisabled}
      />
    </div>
  );
}
