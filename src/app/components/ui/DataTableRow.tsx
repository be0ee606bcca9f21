import { memo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import type { DataColumn } from './dataColumn.ts';
import { ChevronDownIcon, ChevronRightIcon } from './icons.tsx';
import { TableCheckbox } from './TableCheckbox.tsx';

export type DataTableRowProps<T> = {
  row: T;
  id: string;
  /** Unique per row on the page: cell ids for the row's name. */
  idPrefix: string;
  columns: readonly DataColumn<T>[];
  label: string;
  /** Undefined: the table has no selection column; false: this row's checkbox is disabled. */
  isSelectable: boolean | undefined;
  isSelected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  /** Undefined: rows have no details. */
  isOpen: boolean | undefined;
  renderDetail: ((row: T) => ReactNode) | undefined;
  onToggle: (id: string) => void;
};

const area = (id: string) => ({ '--col': id }) as CSSProperties;

/** A press on the row itself, not on one of its own controls, opens its details (docs/spec.md §2 patient browser). */
const isOwnControl = (event: MouseEvent) =>
  event.target instanceof Element && event.target.closest('button, a, input, label, select, [role="link"]') !== null;

/**
 * One record: a grid row of cells named by the row headers, then its details row when open. On phones the cells
 * become a card, each field with its column's name above its value. Memoised (its props are plain values and stable
 * handlers): a row whose session, selection and details did not change is not rendered again.
 */
export const DataTableRow = memo(DataTableRowContent) as typeof DataTableRowContent;

function DataTableRowContent<T>(props: DataTableRowProps<T>) {
  const { row, id, idPrefix, columns, label, isSelectable, isSelected, onSelect, isOpen, renderDetail, onToggle } =
    props;
  const selection = isSelectable === undefined ? undefined : { isSelected, isDisabled: !isSelectable };
  const detail =
    isOpen === undefined || !renderDetail ? undefined : { isOpen, toggle: () => onToggle(id), render: renderDetail };
  const headerIds = columns
    .map((column, index) => (column.isRowHeader ? `${idPrefix}-${String(index)}` : null))
    .filter((id): id is string => id !== null);
  const classes = ['data-table__row', selection?.isSelected && 'data-table__row--selected', detail && 'is-expandable'];
  return (
    <>
      <div
        role="row"
        aria-labelledby={headerIds.join(' ') || undefined}
        className={classes.filter(Boolean).join(' ')}
        onClick={detail ? (event) => !isOwnControl(event) && detail.toggle() : undefined}
      >
        {selection && (
          <div role="cell" className="data-table__lead" style={area('select')}>
            <TableCheckbox
              label={`Select ${label}`}
              checked={selection.isSelected}
              disabled={selection.isDisabled}
              onChange={(selected) => onSelect(id, selected)}
            />
          </div>
        )}
        {detail && !selection && (
          <div role="cell" className="data-table__lead" style={area('expand')}>
            <button
              type="button"
              className="icon-button"
              aria-label={`Details of ${label}`}
              aria-expanded={detail.isOpen}
              onClick={detail.toggle}
            >
              {detail.isOpen ? <ChevronDownIcon /> : <ChevronRightIcon />}
            </button>
          </div>
        )}
        {columns.map((column, index) => {
          const kind = column.kind === 'actions' ? 'actions' : column.isRowHeader ? 'title' : 'field';
          return (
            <div
              key={column.id}
              id={column.isRowHeader ? `${idPrefix}-${String(index)}` : undefined}
              role={column.isRowHeader ? 'rowheader' : 'cell'}
              className={`data-table__cell data-table__cell--${kind}`}
              style={area(column.id)}
              // A screen's stylesheet leaves out a column where it has no room (sessions.css).
              data-col={column.id}
            >
              {kind === 'field' && <span className="data-table__label">{column.name}</span>}
              {kind === 'actions' ? <div className="row-actions">{column.render(row)}</div> : column.render(row)}
            </div>
          );
        })}
      </div>
      {detail?.isOpen && (
        <div role="row" className="data-table__row data-table__row--detail">
          <div role="cell" className="data-table__detail">
            {detail.render(row)}
          </div>
        </div>
      )}
    </>
  );
}
