import { Button } from '#app/components/ui/Button';
import { Checkbox } from '#app/components/ui/Checkbox';
import { FiltersDisclosure } from '#app/components/ui/FiltersDisclosure';
import { MultiSelect } from '#app/components/ui/MultiSelect';
import type { Option, TreeOption } from '#app/components/ui/options';
import { TreeSelect } from '#app/components/ui/TreeSelect';
import { MESSAGES } from '#shared/messages';
import { DelayedRangeSlider } from './DelayedRangeSlider.tsx';
import { activeFilterCount, NO_SESSION_FILTER, type SessionFilter } from './sessionFilter.ts';
import { rangeFilter, shownRange, type NumberBounds } from './sliderBounds.ts';

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
  return (
    <FiltersDisclosure activeCount={count} defaultExpanded={defaultExpanded}>
      <div className="form-row">
        <TreeSelect
          label="Patients"
          tree={patientTree}
          value={filter.patientIds}
          onChange={(patientIds) => onChange({ patientIds })}
          maxVisibleChips={5}
          maxHeight={500}
          emptyText="No patients match the search."
        />
        <MultiSelect
          label="Clinicians"
          options={clinicianOptions}
          value={filter.clinicianIds}
          onChange={(clinicianIds) => onChange({ clinicianIds })}
          emptyText={MESSAGES.noCliniciansToChoose}
          maxVisibleChips={5}
          isClearable
        />
        <DelayedRangeSlider
          label="Session number"
          bounds={bounds.sessionNumbers}
          value={shownRange(filter.sessionNumbers, bounds.sessionNumbers)}
          onChange={(range) => onChange({ sessionNumbers: rangeFilter(range, bounds.sessionNumbers) })}
        />
        <DelayedRangeSlider
          label="Sub-session number"
          bounds={bounds.subSessionNumbers}
          value={shownRange(filter.subSessionNumbers, bounds.subSessionNumbers)}
          onChange={(range) => onChange({ subSessionNumbers: rangeFilter(range, bounds.subSessionNumbers) })}
        />
      </div>
      <Checkbox isSelected={filter.withReportData} onChange={(withReportData) => onChange({ withReportData })}>
        Show sessions with data to generate a report from
      </Checkbox>
      <Checkbox isSelected={filter.withoutReportData} onChange={(withoutReportData) => onChange({ withoutReportData })}>
        Show sessions without data to generate a report from
      </Checkbox>
      <Button variant="secondary" isDisabled={count === 0} onPress={() => onChange(NO_SESSION_FILTER)}>
        Clear all
      </Button>
    </FiltersDisclosure>
  );
}
