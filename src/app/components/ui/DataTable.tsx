import type { ReactNode } from 'react';
import {
  Column,
  Table,
  TableBody,
  TableHeader,
  VisuallyHidden,
  type Key,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components';
import { Checkbox } from './Checkbox.tsx';
import { dataTableRows, DETAIL_KEY_PREFIX } from './dataTableRows.tsx';
import { Pager } from './Pager.tsx';
import type { TableSort } from './tableData.ts';
import { useDataTableState } from './useDataTableState.ts';

export type DataColumn<T> = {
  id: string;
  name: string;
  render: (row: T) => ReactNode;
  allowsSorting?: boolean;
  /** Row headers name the row for screen readers (e.g. forename and surname). */
  isRowHeader?: boolean;
  /** Icon-button columns (edit, delete) keep a header for screen readers only. */
  hideName?: boolean;
};

export type TableSelection<T> = {
  selectedIds: ReadonlySet<string>;
  onChange: (ids: Set<string>) => void;
  /** Rows that cannot be chosen get a disabled checkbox but stay usable otherwise. */
  isSelectable?: (row: T) => boolean;
};

export type DataTableProps<T> = {
  label: string;
  columns: readonly DataColumn<T>[];
  /** Already filtered and sorted; the table pages them. */
  rows: readonly T[];
  rowId: (row: T) => string;
  /** Names a row in control labels ('Details of …'). */
  rowLabel: (row: T) => string;
  emptyText: string;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  /** When this value changes (a new search or filter) the table goes back to page 1. */
  resetPageOn?: unknown;
  /** Clicking a row (or its chevron) shows this below it, across all columns. */
  renderDetail?: (row: T) => ReactNode;
  selection?: TableSelection<T>;
};

/** A sortable, paged table over react-aria's grid (keyboard navigation, announced sort order). */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, rowId, rowLabel, emptyText, sort, onSortChange, renderDetail, selection } = props;
  const state = useDataTableState(rows, props.resetPageOn);
  const columnCount = columns.length + (renderDetail ? 1 : 0) + (selection ? 1 : 0);

  const disabledKeys = new Set<Key>();
  for (const row of state.rows) {
    const id = rowId(row);
    if (state.expanded.has(id)) disabledKeys.add(DETAIL_KEY_PREFIX + id);
    if (selection?.isSelectable && !selection.isSelectable(row)) disabledKeys.add(id);
  }

  const onSelectionChange = (keys: Selection): void => {
    if (!selection) return;
    // 'all' means every selectable row of this page; choices made on other pages are kept.
    if (keys === 'all') {
      const pageIds = state.rows.map(rowId).filter((id) => !disabledKeys.has(id));
      selection.onChange(new Set([...selection.selectedIds, ...pageIds]));
    } else {
      selection.onChange(new Set([...keys].map(String).filter((id) => !id.startsWith(DETAIL_KEY_PREFIX))));
    }
  };

  return (
    <div className="data-table">
      <div className="data-table__scroll">
        <Table
          aria-label={label}
          className="data-table__table"
          sortDescriptor={sort}
          onSortChange={(next: SortDescriptor) =>
            onSortChange?.({ column: String(next.column), direction: next.direction })
          }
          selectionMode={selection ? 'multiple' : 'none'}
          selectedKeys={selection ? new Set<Key>(selection.selectedIds) : undefined}
          onSelectionChange={onSelectionChange}
          disabledKeys={disabledKeys}
          // Rows that cannot be selected still open, and their buttons still work (spec §2 report rows).
          disabledBehavior="selection"
          onRowAction={
            renderDetail
              ? (key) => !String(key).startsWith(DETAIL_KEY_PREFIX) && state.toggleExpanded(String(key))
              : undefined
          }
        >
          <TableHeader>
            {selection && (
              <Column className="data-table__column data-table__column--narrow">
                <Checkbox slot="selection" />
              </Column>
            )}
            {renderDetail && (
              <Column className="data-table__column data-table__column--narrow">
                <VisuallyHidden>Details</VisuallyHidden>
              </Column>
            )}
            {columns.map((column) => (
              <Column
                key={column.id}
                id={column.id}
                allowsSorting={column.allowsSorting}
                isRowHeader={column.isRowHeader}
                className="data-table__column"
              >
                {({ sortDirection }) => (
                  <span className="data-table__heading">
                    {column.hideName ? <VisuallyHidden>{column.name}</VisuallyHidden> : column.name}
                    {sortDirection && (
                      <span aria-hidden="true" className="data-table__sort">
                        {sortDirection === 'ascending' ? '▲' : '▼'}
                      </span>
                    )}
                  </span>
                )}
              </Column>
            ))}
          </TableHeader>
          <TableBody renderEmptyState={() => <p className="data-table__empty">{emptyText}</p>}>
            {dataTableRows(state.rows, {
              columns,
              rowId,
              rowLabel,
              selectable: selection !== undefined,
              renderDetail,
              expanded: state.expanded,
              toggleExpanded: state.toggleExpanded,
              columnCount,
            })}
          </TableBody>
        </Table>
      </div>
      {rows.length > 0 && (
        <Pager page={state.page} pageCount={state.pageCount} onPageChange={state.setPage} label={`${label} pages`} />
      )}
    </div>
  );
}
