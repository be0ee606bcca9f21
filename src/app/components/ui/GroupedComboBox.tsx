import { useMemo, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Collection,
  ComboBox,
  Header,
  Input,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  ListLayout,
  Popover,
  Virtualizer,
} from 'react-aria-components';
import { FieldHelp, FieldLabel } from './FieldParts.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { groupOptions, VIRTUALISE_AFTER, type GroupedOption, type OptionGroup } from './optionGroups.ts';

export type GroupedComboBoxProps = {
  label: string;
  options: readonly GroupedOption[];
  value: string | null;
  onChange: (id: string | null) => void;
  /** The group of the options without one, e.g. 'No clinic'. */
  ungrouped: string;
  /** Shown in the open list when nothing is offered or nothing matches the typed text. */
  emptyText: string;
  isRequired?: boolean;
  description?: string;
};

// Fixed sizes: the virtualised list places rows by them without measuring (two lines a row, one a heading).
const LAYOUT = { rowSize: 52, headingSize: 32 };

/**
 * A choice from a long list (a clinic group's patients or clinicians): typed text narrows it (name or ID), the
 * entries sit under their clinic's heading with a second line that tells namesakes apart, and past a few hundred
 * only the rows in view are drawn.
 */
export function GroupedComboBox({
  label,
  options,
  value,
  onChange,
  ungrouped,
  emptyText,
  isRequired,
  description,
}: GroupedComboBoxProps) {
  const groups = useMemo(() => groupOptions(options, ungrouped), [options, ungrouped]);
  const list = (
    <ListBox<OptionGroup>
      className={options.length > VIRTUALISE_AFTER ? 'listbox grouped-combo__list--virtual' : 'listbox'}
      renderEmptyState={() => <p className="listbox__empty">{emptyText}</p>}
    >
      {(group) => (
        <ListBoxSection id={group.id} className="grouped-combo__section">
          <Header className="grouped-combo__heading">{group.label}</Header>
          <Collection items={group.options}>
            {(option) => (
              <ListBoxItem id={option.id} textValue={option.label} className="listbox__item grouped-combo__item">
                {/* Named by both lines, as shown (WCAG 2.5.3): the second is what tells namesakes apart. */}
                <span className="grouped-combo__name">{option.label}</span>{' '}
                {option.detail && <span className="grouped-combo__detail">{option.detail}</span>}
              </ListBoxItem>
            )}
          </Collection>
        </ListBoxSection>
      )}
    </ListBox>
  );
  return (
    <ComboBox
      defaultItems={groups}
      selectedKey={value}
      onSelectionChange={(key) => onChange(key === null ? null : String(key))}
      isRequired={isRequired}
      menuTrigger="focus"
      allowsEmptyCollection
      className="field grouped-combo"
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="grouped-combo__box">
        <Input className="field__input grouped-combo__input" placeholder="Type a name or ID" />
        <AriaButton
          className="icon-button grouped-combo__button"
          aria-label={`Show all ${label.toLowerCase()} choices`}
        >
          <ChevronDownIcon size={20} />
        </AriaButton>
      </div>
      <FieldHelp description={description} />
      <Popover className="popover grouped-combo__popover" offset={4}>
        {options.length > VIRTUALISE_AFTER ? <Virtualized>{list}</Virtualized> : list}
      </Popover>
    </ComboBox>
  );
}

function Virtualized({ children }: { children: ReactNode }) {
  return (
    <Virtualizer layout={ListLayout} layoutOptions={LAYOUT}>
      {children}
    </Virtualizer>
  );
}
