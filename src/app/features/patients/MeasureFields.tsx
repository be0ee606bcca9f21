import { NumberField } from '#app/components/ui/NumberField';
import { RadioGroup } from '#app/components/ui/RadioGroup';
import type { HeightUnit, WeightUnit } from '#shared/units';
import { withHeightUnit, withWeightUnit } from './patientForm.ts';
import type { FieldGroupProps } from './patientFormParts.ts';

const HEIGHT_UNITS = [
  { id: 'cm', label: 'cm' },
  { id: 'ft-in', label: 'ft + in' },
];
const WEIGHT_UNITS = [
  { id: 'kg', label: 'kg' },
  { id: 'lb', label: 'lb' },
];
const DECIMALS = { maximumFractionDigits: 4 };
const isHeightUnit = (unit: string): unit is HeightUnit => unit === 'cm' || unit === 'ft-in';
const isWeightUnit = (unit: string): unit is WeightUnit => unit === 'kg' || unit === 'lb';

/** Height and weight, each with its unit toggle; values convert on a unit change (docs/spec.md §5). */
export function MeasureFields({ values, onChange }: FieldGroupProps) {
  const { height, weight } = values;
  return (
    <>
      <fieldset className="field-group">
        <legend className="field__label">Height</legend>
        <div className="unit-toggle">
          <RadioGroup
            label="Height unit"
            options={HEIGHT_UNITS}
            value={height.unit}
            onChange={(unit) => isHeightUnit(unit) && onChange({ height: withHeightUnit(height, unit) })}
          />
        </div>
        {height.unit === 'cm' ? (
          <NumberField
            label="Height (cm)"
            isRequired
            minValue={0}
            formatOptions={DECIMALS}
            value={height.cm}
            onChange={(cm) => onChange({ height: { ...height, cm } })}
          />
        ) : (
          <div className="measure__pair">
            <NumberField
              label="Height (ft)"
              isRequired
              minValue={0}
              formatOptions={DECIMALS}
              value={height.feet}
              onChange={(feet) => onChange({ height: { ...height, feet } })}
            />
            <NumberField
              label="Height (in)"
              isRequired
              minValue={0}
              formatOptions={DECIMALS}
              value={height.inches}
              onChange={(inches) => onChange({ height: { ...height, inches } })}
            />
          </div>
        )}
      </fieldset>
      <fieldset className="field-group">
        <legend className="field__label">Weight</legend>
        <div className="unit-toggle">
          <RadioGroup
            label="Weight unit"
            options={WEIGHT_UNITS}
            value={weight.unit}
            onChange={(unit) => isWeightUnit(unit) && onChange({ weight: withWeightUnit(weight, unit) })}
          />
        </div>
        <NumberField
          label={`Weight (${weight.unit})`}
          isRequired
          minValue={0}
          formatOptions={DECIMALS}
          value={weight.value}
          onChange={(value) => onChange({ weight: { ...weight, value } })}
        />
      </fieldset>
    </>
  );
}
