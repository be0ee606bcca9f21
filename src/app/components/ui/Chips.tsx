import { Button as AriaButton, Tag, TagGroup, TagList, type Key } from 'react-aria-components';
import { CloseIcon } from './icons.tsx';
import type { Option } from './options.ts';

export type ChipsProps = {
  /** The field the chips belong to; the chip list is named 'Selected <label>'. */
  label: string;
  chips: readonly Option[];
  onRemove: (ids: Set<string>) => void;
  /** Chips beyond this many collapse into '+N more'. */
  maxVisible?: number;
  /** Offers a 'Clear' button when given. */
  onClear?: () => void;
  isDisabled?: boolean;
};

/** The chosen values of a multi-select, each removable by its × or Backspace/Delete. */
export function Chips({ label, chips, onRemove, maxVisible = Infinity, onClear, isDisabled }: ChipsProps) {
  if (chips.length === 0) return null;
  const visible = chips.slice(0, maxVisible);
  const hidden = chips.length - visible.length;
  return (
    <div className="chips">
      <TagGroup
        aria-label={`Selected ${label}`}
        onRemove={isDisabled ? undefined : (keys: Set<Key>) => onRemove(new Set([...keys].map(String)))}
        className="chips__group"
      >
        <TagList items={visible} className="chips__list">
          {(chip) => (
            <Tag id={chip.id} textValue={chip.label} className="chip">
              {({ allowsRemoving }) => (
                <>
                  <span className="chip__label">{chip.label}</span>
                  {allowsRemoving && (
                    <AriaButton slot="remove" className="chip__remove">
                      <CloseIcon size={16} />
                    </AriaButton>
                  )}
                </>
              )}
            </Tag>
          )}
        </TagList>
      </TagGroup>
      {hidden > 0 && <span className="chips__more">+{hidden} more</span>}
      {onClear && !isDisabled && (
        <AriaButton className="button button--quiet chips__clear" onPress={onClear} aria-label={`Clear ${label}`}>
          Clear
        </AriaButton>
      )}
    </div>
  );
}
