import { useCallback, useId, useLayoutEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import type { DataColumn } from './dataColumn.ts';
import { DataTableHeader, PhoneTableBar } from './DataTableHeader.tsx';
import { DataTableRow } from './DataTableRow.tsx';
import { Pager } from './Pager.tsx';
import { PAGE_SIZE, type TableSort } from './tableData.ts';
import { useDataTableState } from './useDataTableState.ts';
import './dataTable.css';

export type { DataColumn } from './dataColumn.ts';

type TableSelection<T> = {
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
  /** Clicking a row (or its chevron) shows this below it, across the whole row. */
  renderDetail?: (row: T) => ReactNode;
  selection?: TableSelection<T>;
  /**
   * The screen's stylesheet places the cells by column id (grid-template-areas) from 600px up; without it the
   * columns share the width in order. Phones always get cards.
   */
  hasAreaLayout?: boolean;
  /** The screen's class for its own layout rules (e.g. 'sessions-table'). */
  className?: string;
  /** False: every row given, no pager (a list the server pages, e.g. with 'Load more'). */
  isPaged?: boolean;
};

// Every track has a width known before the content (no 'auto'): each row is its own grid, and only tracks that do
// not depend on a row's content line the rows up under the header.
const track = (column: { kind?: 'actions' }) => (column.kind === 'actions' ? 'var(--dt-actions)' : 'minmax(0, 1fr)');

/**
 * A sortable, paged table. Every row is a CSS grid over the same tracks, so header and cells line up without table
 * layout and a row's height does not depend on its neighbours (rows can be virtualised). From 600px the columns
 * sit side by side (or on two lines, by the screen's areas); below, each row is a card with labelled fields.
 * ARIA table roles keep the semantics whatever the display.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, rowId, rowLabel, emptyText, sort, onSortChange, renderDetail, selection } = props;
  const isPaged = props.isPaged ?? true;
  const state = useDataTableState(rows, props.resetPageOn, isPaged ? PAGE_SIZE : Math.max(1, rows.length));
  const idPrefix = useId();
  const lead = selection ? 'select' : renderDetail ? 'expand' : null;
  const style = {
    '--dt-columns': [lead ? 'var(--touch)' : null, ...columns.map(track)].filter(Boolean).join(' '),
    '--dt-action-count': columns.find((column) => column.kind === 'actions')?.actionCount ?? 1,
  } as CSSProperties;
  const classes = [
    'data-table',
    props.className,
    lead && 'data-table--lead',
    props.hasAreaLayout && 'data-table--areas',
  ];

  const pageIds = state.rows.map(rowId);
  const selectableIds = selection ? state.rows.filter((row) => selection.isSelectable?.(row) ?? true).map(rowId) : [];
  const setSelected = (id: string, selected: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selectedIds);
    if (selected) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  // 'All' means every selectable row of this page; choices made on other pages are kept.
  const setPageSelected = (selected: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selectedIds);
    for (const id of selectableIds) {
      if (selected) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };
  // Stable handlers for the rows (memoised), reading this render's selection when called.
  const latest = useRef({ setSelected, setPageSelected, toggleExpanded: state.toggleExpanded });
  useLayoutEffect(() => {
    latest.current = { setSelected, setPageSelected, toggleExpanded: state.toggleExpanded };
  });
  const onSelect = useCallback((id: string, selected: boolean) => latest.current.setSelected(id, selected), []);
  const onToggle = useCallback((id: string) => latest.current.toggleExpanded(id), []);
  const onPageSelect = useCallback((selected: boolean) => latest.current.setPageSelected(selected), []);
  const chosenOnPage = selectableIds.filter((id) => selection?.selectedIds.has(id)).length;
  const hasSelection = selection !== undefined;
  const checked = selectableIds.length > 0 && chosenOnPage === selectableIds.length;
  const indeterminate = chosenOnPage > 0 && chosenOnPage < selectableIds.length;
  const disabled = selectableIds.length === 0;
  // The same object while its values stay: the memoised header and phone bar skip a filter change's render.
  const pageSelection = useMemo(
    () => (hasSelection ? { checked, indeterminate, disabled, onChange: onPageSelect } : undefined),
    [hasSelection, checked, indeterminate, disabled, onPageSelect],
  );

  return (
    <div className={classes.filter(Boolean).join(' ')} style={style}>
      <PhoneTableBar columns={columns} sort={sort} onSortChange={onSortChange} pageSelection={pageSelection} />
      <div role="table" aria-label={label} className="data-table__table">
        <DataTableHeader
          columns={columns}
          lead={lead}
          sort={sort}
          onSortChange={onSortChange}
          pageSelection={pageSelection}
        />
        <div role="rowgroup" className="data-table__body">
          {state.rows.length === 0 ? (
            <div role="row" className="data-table__row data-table__row--empty">
              <div role="cell" className="data-table__empty">
                {emptyText}
              </div>
            </div>
          ) : (
            state.rows.map((row, index) => {
              const id = pageIds[index] ?? '';
              return (
                <DataTableRow
                  // By position on the page, not by id: a filter change or a new page then updates 25 rows' text and
                  // attributes in place instead of removing and creating every element (about 1,200 at a time).
                  key={index}
                  row={row}
                  id={id}
                  idPrefix={`${idPrefix}-${String(index)}`}
                  columns={columns}
                  label={rowLabel(row)}
                  isSelectable={selection && (selection.isSelectable?.(row) ?? true)}
                  isSelected={selection?.selectedIds.has(id) ?? false}
                  onSelect={onSelect}
                  isOpen={renderDetail && state.expanded.has(id)}
                  renderDetail={renderDetail}
                  onToggle={onToggle}
                />
              );
            })
          )}
        </div>
      </div>
      {isPaged && rows.length > 0 && (
        <Pager page={state.page} pageCount={state.pageCount} onPageChange={state.setPage} label={`${label} pages`} />
      )}
    </div>
  );
}
