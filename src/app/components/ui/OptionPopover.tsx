import { ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { CheckIcon } from './icons.tsx';
import type { Option } from './options.ts';

/** The drop-down list shared by Select and MultiSelect; the empty text names what is missing. */
export function OptionPopover({ options, emptyText }: { options: readonly Option[]; emptyText: string }) {
  return (
    <Popover className="popover" offset={4}>
      <ListBox
        items={options}
        className="listbox"
        renderEmptyState={() => <p className="listbox__empty">{emptyText}</p>}
      >
        {(option) => (
          <ListBoxItem id={option.id} textValue={option.label} className="listbox__item">
            {({ isSelected }) => (
              <>
                <span className="listbox__check" aria-hidden="true">
                  {isSelected && <CheckIcon size={18} />}
                </span>
                {option.label}
              </>
            )}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}
