import type { Option, TreeOption } from '#app/components/ui/options';
import { ClinicianFilter, NumberFilter, PatientFilter } from './SessionFilterFields.tsx';
import type { SessionFilter } from './sessionFilter.ts';
import type { NumberBounds } from './sliderBounds.ts';

export type SessionFilterRowProps = {
  filter: SessionFilter;
  onChange: (change: Partial<SessionFilter>) => void;
  patientTree: readonly TreeOption[];
  clinicianOptions: readonly Option[];
  bounds: NumberBounds;
};

/** The filter panel's pickers and sliders: their code (react-aria's tree, list and slider) loads apart from the list. */
export function SessionFilterRow({ filter, onChange, patientTree, clinicianOptions, bounds }: SessionFilterRowProps) {
  return (
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
  );
}
