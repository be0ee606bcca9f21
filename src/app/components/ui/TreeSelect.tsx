import { useId, useMemo, useState } from 'react';
import {
  Button as AriaButton,
  Collection,
  Dialog,
  DialogTrigger,
  ListLayout,
  Popover,
  Tree,
  TreeItem,
  TreeItemContent,
  Virtualizer,
  type Key,
  type Selection,
} from 'react-aria-components';
import { Checkbox } from './Checkbox.tsx';
import { Chips } from './Chips.tsx';
import { ChevronDownIcon, ChevronRightIcon } from './icons.tsx';
import type { TreeOption } from './options.ts';
import { SearchField } from './SearchField.tsx';
import { applyTreeSelection, branchIds, filterTree, indexTree, leafIds, shownSelection } from './treeSelection.ts';

export type TreeSelectProps = {
  label: string;
  tree: readonly TreeOption[];
  /** The chosen leaves (codes, patients). */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** docs/spec.md §2: up to 5 chips shown, lists at most 500px high. */
  maxVisibleChips?: number;
  maxHeight?: number;
  emptyText?: string;
  isDisabled?: boolean;
};

/** Multi-select over a tree (ICD, ICF, patients by clinic); searchable, with the choices as chips. */
export function TreeSelect({
  label,
  tree,
  value,
  onChange,
  maxVisibleChips = 5,
  maxHeight = 500,
  ...props
}: TreeSelectProps) {
  const labelId = useId();
  const valueId = useId();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());
  const index = useMemo(() => indexTree(tree), [tree]);
  const chosen = useMemo(() => new Set(value), [value]);
  const shown = useMemo(() => shownSelection(tree, chosen), [tree, chosen]);
  const visible = useMemo(() => filterTree(tree, search), [tree, search]);
  // While searching every matching branch is open, so the matches are visible at once.
  const expandedKeys = useMemo(
    () => (search.trim() ? new Set<Key>(branchIds(visible)) : expanded),
    [search, visible, expanded],
  );

  const onSelectionChange = (keys: Selection): void => {
    const next =
      keys === 'all' ? new Set([...shown, ...branchIds(visible), ...leafIds(visible)]) : new Set([...keys].map(String));
    onChange([...applyTreeSelection(index, chosen, shown, next)]);
  };

  const chips = value.map((id) => ({ id, label: index.get(id)?.label ?? id }));
  return (
    <div className="field tree-select">
      <span id={labelId} className="field__label">
        {label}
      </span>
      <DialogTrigger>
        {/* Named by the label and the current count, as a Select button would be announced. */}
        <AriaButton
          className="field__input select__button"
          aria-labelledby={`${labelId} ${valueId}`}
          isDisabled={props.isDisabled}
        >
          <span id={valueId} className="select__value">
            {value.length === 0 ? 'Choose…' : `${value.length} selected`}
          </span>
          <ChevronDownIcon size={20} />
        </AriaButton>
        <Popover className="popover tree-select__popover" placement="bottom start">
          <Dialog aria-labelledby={labelId} className="tree-select__dialog">
            <SearchField label={`Search ${label}`} value={search} onChange={setSearch} autoFocus />
            <Virtualizer layout={ListLayout} layoutOptions={{ rowSize: 44 }}>
              <Tree
                aria-labelledby={labelId}
                items={visible}
                selectionMode="multiple"
                // Escape closes the list and keeps the choices: clearing them all is what 'Clear all' is for.
                escapeKeyBehavior="none"
                selectedKeys={shown}
                onSelectionChange={onSelectionChange}
                expandedKeys={expandedKeys}
                onExpandedChange={setExpanded}
                className="tree"
                style={{ maxHeight }}
                renderEmptyState={() => (
                  <p className="listbox__empty">{props.emptyText ?? 'Nothing matches the search.'}</p>
                )}
              >
                {function renderNode(node: TreeOption) {
                  return (
                    <TreeItem id={node.id} textValue={node.label} className="tree__item">
                      <TreeItemContent>
                        {({ hasChildItems, isExpanded }) => (
                          <>
                            {hasChildItems ? (
                              <AriaButton slot="chevron" className="icon-button tree__chevron">
                                {isExpanded ? <ChevronDownIcon size={20} /> : <ChevronRightIcon size={20} />}
                              </AriaButton>
                            ) : (
                              <span className="tree__spacer" />
                            )}
                            <Checkbox slot="selection" />
                            <span className="tree__label">{node.label}</span>
                          </>
                        )}
                      </TreeItemContent>
                      {node.children && <Collection items={node.children}>{renderNode}</Collection>}
                    </TreeItem>
                  );
                }}
              </Tree>
            </Virtualizer>
          </Dialog>
        </Popover>
      </DialogTrigger>
      <Chips
        label={label}
        chips={chips}
        maxVisible={maxVisibleChips}
        onRemove={(ids) => onChange(value.filter((id) => !ids.has(id)))}
        onClear={() => onChange([])}
        isDisabled={props.isDisabled}
      />
    </div>
  );
}
