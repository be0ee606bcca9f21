import { memo, useCallback, useMemo } from 'react';
import { MultiSelect } from '#app/components/ui/MultiSelect';
import type { Option, TreeOption } from '#app/components/ui/options';
import { TreeSelect } from '#app/components/ui/TreeSelect';
import { MESSAGES } from '#shared/messages';
import type { Range } from '#app/components/ui/RangeSlider';
import { DelayedRangeSlider } from './DelayedRangeSlider.tsx';
import type { NumberRange, SessionFilter } from './sessionFilter.ts';
import { rangeFilter, shownRange } from './sliderBounds.ts';

/**
 * The session filter's fields, each memoised on its own part of the filter: a click on one checkbox re-renders
 * neither the patient tree (20,000 patients at scale) nor the clinician list nor the sliders.
 */
type Change = (change: Partial<SessionFilter>) => void;

export const PatientFilter = memo(function PatientFilter(props: {
  tree: readonly TreeOption[];
  value: readonly string[];
  onChange: Change;
}) {
  const { onChange } = props;
  const change = useCallback((patientIds: string[]) => onChange({ patientIds }), [onChange]);
  return (
    <TreeSelect
      label="Patients"
      tree={props.tree}
      value={props.value}
      onChange={change}
      maxVisibleChips={5}
      maxHeight={500}
      emptyText="No patients match the search."
    />
  );
});

export const ClinicianFilter = memo(function ClinicianFilter(props: {
  options: readonly Option[];
  value: readonly string[];
  onChange: Change;
}) {
  const { onChange } = props;
  const change = useCallback((clinicianIds: string[]) => onChange({ clinicianIds }), [onChange]);
  return (
    <MultiSelect
      label="Clinicians"
      options={props.options}
      value={props.value}
      onChange={change}
      emptyText={MESSAGES.noCliniciansToChoose}
      maxVisibleChips={5}
      isClearable
    />
  );
});

export const NumberFilter = memo(function NumberFilter(props: {
  label: string;
  field: 'sessionNumbers' | 'subSessionNumbers';
  range: NumberRange | null;
  bounds: NumberRange;
  onChange: Change;
}) {
  const { field, bounds, onChange } = props;
  const value = useMemo(() => shownRange(props.range, bounds), [props.range, bounds]);
  const change = useCallback(
    (range: Range) => onChange({ [field]: rangeFilter(range, bounds) }),
    [field, bounds, onChange],
  );
  return <DelayedRangeSlider label={props.label} bounds={bounds} value={value} onChange={change} />;
});
