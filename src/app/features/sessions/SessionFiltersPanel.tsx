import { lazy, Suspense, useCallback } from 'react';
import { FiltersDisclosure } from '#app/components/ui/FiltersDisclosure';
import type { Option, TreeOption } from '#app/components/ui/options';
import { FilterCheckbox } from './FilterCheckbox.tsx';
import { activeFilterCount, NO_SESSION_FILTER, type SessionFilter } from './sessionFilter.ts';
import type { NumberBounds } from './sliderBounds.ts';

export type SessionFiltersPanelProps = {
  filter: SessionFilter;
  onChange: (change: Partial<SessionFilter>) => void;
  patientTree: readonly TreeOption[];
  clinicianOptions: readonly Option[];
  bounds: NumberBounds;
};

// Its code loads beside the list's, not before it: the panel starts collapsed, so the list is what the user sees first.
const SessionFilterRow = lazy(() => import('./SessionFilterRow.tsx').then((m) => ({ default: m.SessionFilterRow })));

/** The session browser's collapsible filters (docs/spec.md §2), with the number of active filters in its title. */
export function SessionFiltersPanel({
  filter,
  onChange,
  patientTree,
  clinicianOptions,
  bounds,
}: SessionFiltersPanelProps) {
  const count = activeFilterCount(filter);
  // Stable handlers: the memoised checkboxes and button render again only when their own value changes.
  const withChange = useCallback((withReportData: boolean) => onChange({ withReportData }), [onChange]);
  const withoutChange = useCallback((withoutReportData: boolean) => onChange({ withoutReportData }), [onChange]);
  // The search box is not one of the panel's filters: 'Clear all' leaves it as typed.
  const clearAll = useCallback(() => {
    const { search: _typed, ...panelFilters } = NO_SESSION_FILTER;
    onChange(panelFilters);
  }, [onChange]);
  return (
    <FiltersDisclosure activeCount={count}>
      <Suspense>
        <SessionFilterRow
          filter={filter}
          onChange={onChange}
          patientTree={patientTree}
          clinicianOptions={clinicianOptions}
          bounds={bounds}
        />
      </Suspense>
      <FilterCheckbox isSelected={filter.withReportData} onChange={withChange}>
        Show sessions with data to generate a report from
      </FilterCheckbox>
      <FilterCheckbox isSelected={filter.withoutReportData} onChange={withoutChange}>
        Show sessions without data to generate a report from
      </FilterCheckbox>
      {/* A plain button drawn like the app's secondary ones: its disabled state flips whenever the count of active
          filters reaches or leaves zero, and a react-aria button's press, hover and focus hooks render with it. */}
      <button
        type="button"
        className="button button--secondary filters__clear"
        disabled={count === 0}
        data-disabled={count === 0 || undefined}
        onClick={clearAll}
      >
        Clear all
      </button>
    </FiltersDisclosure>
  );
}
