import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import type { DataColumn } from './DataTable.tsx';
import { ChevronDownIcon, ChevronRightIcon } from './icons.tsx';
import { TableCheckbox } from './TableCheckbox.tsx';

export type DataTableRowProps<T> = {
  row: T;
  /** Unique per row on the page: cell ids for the row's name. */
  idPrefix: string;
  columns: readonly DataColumn<T>[];
  label: string;
  selection?: { isSelected: boolean; isDisabled: boolean; onChange: (selected: boolean) => void };
  detail?: { isOpen: boolean; toggle: () => void; render: (row: T) => ReactNode };
};

const area = (id: string) => ({ '--col': id }) as CSSProperties;

/** A press on the row itself, not on one of its own controls, opens its details (docs/spec.md §2 patient browser). */
const isOwnControl = (event: MouseEvent) =>
  event.target instanceof Element && event.target.closest('button, a, input, label, select, [role="link"]') !== null;

/**
 * One record: a grid row of cells named by the row headers, then its details row when open. On phones the cells
 * become a card, each field with its column's name above its value.
 */
export function DataTableRow<T>({ row, idPrefix, columns, label, selection, detail }: DataTableRowProps<T>) {
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
              onChange={selection.onChange}
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
