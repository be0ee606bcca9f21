import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '#app/components/ui/DataTable';
import { SearchField } from '#app/components/ui/SearchField';
import type { Option, TreeOption } from '#app/components/ui/options';
import type { TableSort } from '#app/components/ui/tableData';
import { listEmptyText } from '#app/lib/listEmptyText';
import { canProduceReport, type Session } from '#shared/sessions/session';
import { SessionFiltersPanel } from './SessionFiltersPanel.tsx';
import { sessionLabel } from './sessionColumns.tsx';
import { filterForPatient, type SessionFilter } from './sessionFilter.ts';
import { filterIndex, type SessionIndex } from './sessionIndex.ts';
import { numberBounds } from './sliderBounds.ts';

const NO_TREE: TreeOption[] = [];
const NO_OPTIONS: Option[] = [];
const NO_BOUNDS = numberBounds([]);
const NO_ROWS: readonly Session[] = [];
const sessionId = (s: Session) => s.SubSessionID;

export type FilteredSessionTableProps = {
  index: SessionIndex | undefined;
  /**
   * ?patient=<UniquePatientID>: the patient filter it starts with. The panel stays closed (its title counts the filter)
   * so that the patient's sessions are what the clinician sees first.
   */
  patientId: string | undefined;
  columns: readonly DataColumn<Session>[];
  isLoaded: boolean;
  failed: boolean;
  hasRows: boolean;
  sort: TableSort;
  onSortChange: (sort: TableSort) => void;
  selectedIds: ReadonlySet<string>;
  onSelectedChange: (ids: Set<string>) => void;
  /** Shown between the filters and the table (the sync's state), made by the screen. */
  between: ReactNode;
  /** The screen's title and its buttons, on one line with the search box (memoised by the screen). */
  heading: ReactNode;
};

/**
 * The session filters and the table they filter. The filter is this component's own state, so a filter change renders
 * only the panel and the table: not the screen around them (its mirror, sync and login hooks, its footer and
 * dialogs). Memoised: the screen's other changes (a dialog opened) do not render it again.
 */
export const FilteredSessionTable = memo(function FilteredSessionTable(props: FilteredSessionTableProps) {
  const { index, patientId, selectedIds, onSelectedChange } = props;
  const [filter, setFilter] = useState<SessionFilter>(() => filterForPatient(patientId));
  // One loop over the index's numbers (sorted and indexed by the screen, in slices); the table renders one page.
  const shown = useMemo(() => (index ? filterIndex(index, filter) : NO_ROWS), [index, filter]);
  const changeFilter = useCallback((change: Partial<SessionFilter>) => setFilter((old) => ({ ...old, ...change })), []);
  const changeSearch = useCallback((search: string) => setFilter((old) => ({ ...old, search })), []);
  const selection = useMemo(
    () => ({ selectedIds, onChange: onSelectedChange, isSelectable: canProduceReport }),
    [selectedIds, onSelectedChange],
  );
  return (
    <>
      <div className="list-header sessions-header">
        {props.heading}
        <SearchField
          label="Search sessions"
          isLabelHidden
          placeholder="Patient, ID, test or clinician"
          value={filter.search}
          onChange={changeSearch}
        />
      </div>
      <SessionFiltersPanel
        filter={filter}
        onChange={changeFilter}
        patientTree={index?.patientTree ?? NO_TREE}
        clinicianOptions={index?.clinicianOptions ?? NO_OPTIONS}
        bounds={index?.bounds ?? NO_BOUNDS}
      />
      {props.between}
      <DataTable
        className="sessions-table data-table--one-line"
        label="Sessions"
        columns={props.columns}
        rows={props.isLoaded ? shown : NO_ROWS}
        rowId={sessionId}
        rowLabel={sessionLabel}
        emptyText={listEmptyText({
          ready: props.isLoaded,
          failed: props.failed,
          searching: props.isLoaded && props.hasRows,
        })}
        sort={props.sort}
        onSortChange={props.onSortChange}
        resetPageOn={filter}
        selection={selection}
        hasAreaLayout
      />
    </>
  );
});
