import { useState } from 'react';
import { Button } from '#app/components/ui/Button';
import { FiltersDisclosure } from '#app/components/ui/FiltersDisclosure';
import { MultiSelect } from '#app/components/ui/MultiSelect';
import type { Option } from '#app/components/ui/options';
import { RangeSlider, type Range } from '#app/components/ui/RangeSlider';
import { Select } from '#app/components/ui/Select';
import { TreeSelect } from '#app/components/ui/TreeSelect';
import { MESSAGES } from '#shared/messages';
import { ICD_ICF_TREE } from './codeTrees.ts';
import { activeFilterCount, AGE_MAX, AGE_MIN, formatAge, NO_FILTER, type PatientFilter } from './patientFilter.ts';

const ANY = 'any';
const NOT_SPECIFIED = 'not-specified';
const SEX_OPTIONS: Option[] = [
  { id: ANY, label: 'Any' },
  { id: 'Female', label: 'Female' },
  { id: 'Male', label: 'Male' },
  { id: 'Other', label: 'Other' },
  { id: NOT_SPECIFIED, label: 'Not Specified' },
];

const sexToOption = (sex: string | null) => (sex === null ? ANY : sex === '' ? NOT_SPECIFIED : sex);
const optionToSex = (id: string | null) => (id === null || id === ANY ? null : id === NOT_SPECIFIED ? '' : id);

export type PatientFiltersPanelProps = {
  filter: PatientFilter;
  onChange: (filter: PatientFilter) => void;
  clinicOptions: readonly Option[];
  clinicianOptions: readonly Option[];
};

/** The collapsible filters of the patient browser (docs/spec.md §2), with the number of active filters in its title. */
export function PatientFiltersPanel({ filter, onChange, clinicOptions, clinicianOptions }: PatientFiltersPanelProps) {
  const count = activeFilterCount(filter);
  const set = (change: Partial<PatientFilter>) => onChange({ ...filter, ...change });
  return (
    <FiltersDisclosure activeCount={count}>
      <div className="form-row">
        <TreeSelect label="ICD / ICF" tree={ICD_ICF_TREE} value={filter.codes} onChange={(codes) => set({ codes })} />
        <Select
          label="Sex"
          options={SEX_OPTIONS}
          value={sexToOption(filter.sex)}
          onChange={(id) => set({ sex: optionToSex(id) })}
        />
        <MultiSelect
          label="Clinic"
          options={clinicOptions}
          value={filter.clinicIds}
          onChange={(clinicIds) => set({ clinicIds })}
          emptyText={MESSAGES.noClinicsToChoose}
          isClearable
        />
        <MultiSelect
          label="Clinician"
          options={clinicianOptions}
          value={filter.clinicianIds}
          onChange={(clinicianIds) => set({ clinicianIds })}
          emptyText={MESSAGES.noCliniciansToChoose}
          isClearable
        />
      </div>
      <AgeSlider value={filter.age} onChange={(age) => set({ age })} />
      <Button
        variant="secondary"
        isDisabled={count === 0}
        onPress={() => onChange({ ...NO_FILTER, search: filter.search })}
      >
        Clear all
      </Button>
    </FiltersDisclosure>
  );
}

/** Moves freely while dragged; the list is filtered when the drag ends (docs/spec.md §9: sliders refresh with a delay). */
function AgeSlider({ value, onChange }: { value: readonly [number, number]; onChange: (age: Range) => void }) {
  const [shown, setShown] = useState<Range>([value[0], value[1]]);
  const [last, setLast] = useState(value);
  if (last !== value) {
    setLast(value);
    setShown([value[0], value[1]]);
  }
  return (
    <RangeSlider
      label="Age"
      minValue={AGE_MIN}
      maxValue={AGE_MAX}
      value={shown}
      onChange={setShown}
      onChangeEnd={onChange}
      format={formatAge}
    />
  );
}
