import { useCallback } from 'react';
import { Button } from '#app/components/ui/Button';
import { Checkbox } from '#app/components/ui/Checkbox';
import { FiltersDisclosure } from '#app/components/ui/FiltersDisclosure';
import type { Option, TreeOption } from '#app/components/ui/options';
import { ClinicianFilter, NumberFilter, PatientFilter } from './SessionFilterFields.tsx';
import { activeFilterCount, NO_SESSION_FILTER, type SessionFilter } from './sessionFilter.ts';
import type { NumberBounds } from './sliderBounds.ts';

export type SessionFiltersPanelProps = {
  filter: SessionFilter;
  onChange: (change: Partial<SessionFilter>) => void;
  patientTree: readonly TreeOption[];
  clinicianOptions: readonly Option[];
  bounds: NumberBounds;
  /** Opened at once when the screen starts filtered (a ?patient= link), so the user sees why rows are missing. */
  defaultExpanded: boolean;
};

/** The session browser's collapsible filters (docs/spec.md §2), with the number of active filters in its title. */
export function SessionFiltersPanel({
  filter,
  onChange,
  patientTree,
  clinicianOptions,
  bounds,
  defaultExpanded,
}: SessionFiltersPanelProps) {
  const count = activeFilterCount(filter);
  // Stable handlers: the memoised checkboxes and button render again only when their own value changes.
  const withChange = useCallback((withReportData: boolean) => onChange({ withReportData }), [onChange]);
  const withoutChange = useCallback((withoutReportData: boolean) => onChange({ withoutReportData }), [onChange]);
  const clearAll = useCallback(() => onChange(NO_SESSION_FILTER), [onChange]);
  return (
    <FiltersDisclosure activeCount={count} defaultExpanded={defaultExpanded}>
      <div className="form-row">
        <PatientFilter tree={patientTree} value={filter.patientIds} onChange={onChange} />
        <ClinicianFilter options={clinicianOptions} value={filter.clinicianIds} onChange={onChange} />
        <NumberFilter
          label="Session number"
          field="sessionNumbers"
          range={filter.sessionNumbers}
          bounds={bounds.sessionNumbers}
          onChange={onChange}
        />
        <NumberFilter
          label="Sub-session number"
          field="subSessionNumbers"
          range={filter.subSessionNumbers}
          bounds={bounds.subSessionNumbers}
          onChange={onChange}
        />
      </div>
      <Checkbox isSelected={filter.withReportData} onChange={withChange}>
        Show sessions with data to generate a report from
      </Checkbox>
      <Checkbox isSelected={filter.withoutReportData} onChange={withoutChange}>
        Show sessions without data to generate a report from
      </Checkbox>
      <Button variant="secondary" isDisabled={count === 0} onPress={clearAll}>
        Clear all
      </Button>
    </FiltersDisclosure>
  );
}
