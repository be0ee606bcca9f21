import { memo, useId, type CSSProperties } from 'react';
import type { DataColumn } from './dataColumn.ts';
import type { TableSort } from './tableData.ts';
import { TableCheckbox } from './TableCheckbox.tsx';

type PageSelection = {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
};

type HeaderColumn = Pick<DataColumn<never>, 'id' | 'name' | 'allowsSorting' | 'kind'>;

type SortProps = {
  columns: readonly HeaderColumn[];
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  pageSelection?: PageSelection;
};

/** A sortable header: the first press sorts ascending, the next one flips the order. */
function nextSort(column: string, sort: TableSort | undefined): TableSort {
  if (sort?.column !== column) return { column, direction: 'ascending' };
  return { column, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' };
}

const area = (id: string) => ({ '--col': id }) as CSSProperties;

/** The column headers (600px and wider); a sortable one is a button, its order announced through aria-sort. Memoised. */
export const DataTableHeader = memo(function DataTableHeader({
  columns,
  lead,
  sort,
  onSortChange,
  pageSelection,
}: SortProps & { lead: 'select' | 'expand' | null }) {
  return (
    <div role="rowgroup" className="data-table__head">
      <div role="row" className="data-table__row data-table__row--head">
        {lead && (
          <div role="columnheader" className="data-table__lead" style={area(lead)}>
            {pageSelection ? (
              <TableCheckbox label="Select all rows of this page" {...pageSelection} />
            ) : (
              <span className="visually-hidden">Details</span>
            )}
          </div>
        )}
        {columns.map((column) => {
          const direction = sort?.column === column.id ? sort.direction : undefined;
          return (
            <div
              key={column.id}
              role="columnheader"
              aria-sort={column.allowsSorting ? (direction ?? 'none') : undefined}
              className={`data-table__column${column.kind === 'actions' ? ' data-table__column--actions' : ''}`}
              style={area(column.id)}
              data-col={column.id}
            >
              {column.kind === 'actions' ? (
                <span className="visually-hidden">{column.name}</span>
              ) : column.allowsSorting && onSortChange ? (
                <button
                  type="button"
                  className="data-table__sort-button"
                  onClick={() => onSortChange(nextSort(column.id, sort))}
                >
                  {column.name}
                  <span aria-hidden="true" className="data-table__sort">
                    {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
                  </span>
                </button>
              ) : (
                column.name
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
});

/**
 * On phones the header row gives way to cards, so sorting and 'select all' move to this bar above them: a native
 * select (the phone's own picker) with every sortable column in both orders.
 */
export const PhoneTableBar = memo(function PhoneTableBar({ columns, sort, onSortChange, pageSelection }: SortProps) {
  const selectId = useId();
  const sortable = columns.filter((column) => column.allowsSorting);
  if (!pageSelection && (sortable.length === 0 || !onSortChange)) return null;
  return (
    <div className="data-table__phone-bar">
      {pageSelection && (
        <TableCheckbox label="Select all rows of this page" {...pageSelection}>
          Select all
        </TableCheckbox>
      )}
      {sortable.length > 0 && onSortChange && (
        <div className="data-table__sort-select">
          {/* Labelled by id, not by wrapping: a wrapping label would read every option into the select's name. */}
          <label htmlFor={selectId}>Sort by</label>
          <select
            id={selectId}
            className="field__input"
            value={sort ? `${sort.column}:${sort.direction}` : ''}
            onChange={(event) => {
              const [column = '', direction] = event.target.value.split(':');
              onSortChange({ column, direction: direction === 'descending' ? 'descending' : 'ascending' });
            }}
          >
            {sortable.flatMap((column) =>
              (['ascending', 'descending'] as const).map((direction) => (
                <option key={`${column.id}:${direction}`} value={`${column.id}:${direction}`}>
                  {`${column.name}, ${direction}`}
                </option>
              )),
            )}
          </select>
        </div>
      )}
    </div>
  );
});
