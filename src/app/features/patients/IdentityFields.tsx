import { DateField } from '#app/components/ui/DateField';
import { Select } from '#app/components/ui/Select';
import { TextField } from '#app/components/ui/TextField';
import { SEX_CHOICES, type PatientFormValues } from './patientForm.ts';
import type { FieldGroupProps } from './patientFormParts.ts';

const SEX_OPTIONS = SEX_CHOICES.map((sex) => ({ id: sex, label: sex }));
const isSex = (id: string | null): id is PatientFormValues['sex'] => SEX_CHOICES.some((sex) => sex === id);

/** Patient ID, names, email, date of birth and sex (docs/spec.md §3); Patient ID and Date of Birth are required (docs/spec.md §5). */
export function IdentityFields({ values, onChange }: FieldGroupProps) {
  return (
    <>
      <TextField
        label="Patient ID"
        isRequired
        value={values.givenId}
        onChange={(givenId) => onChange({ givenId })}
        autoFocus
      />
      <div className="form-row">
        <TextField label="Forename" value={values.forename} onChange={(forename) => onChange({ forename })} />
        <TextField label="Surname" value={values.surname} onChange={(surname) => onChange({ surname })} />
      </div>
      {/* docs/spec.md §5: an e-mail pattern exists but is not applied on submit, so no type="email" check. */}
      <TextField
        label="Email"
        inputMode="email"
        autoComplete="off"
        value={values.email}
        onChange={(email) => onChange({ email })}
      />
      <div className="form-row">
        <DateField label="Date of Birth" isRequired value={values.dob} onChange={(dob) => onChange({ dob })} />
        <Select
          label="Sex"
          options={SEX_OPTIONS}
          value={values.sex}
          onChange={(id) => isSex(id) && onChange({ sex: id })}
        />
      </div>
    </>
  );
}
