import { useMemo } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { MultiSelect } from '#app/components/ui/MultiSelect';
import type { Option } from '#app/components/ui/options';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { linkedOptions } from './filterOptions.ts';
import { choosesClinicians, choosesClinics } from './patientForm.ts';
import type { FieldGroupProps } from './patientFormParts.ts';

export type LinkFieldsProps = FieldGroupProps & {
  type: UserType;
  patient: MirroredPatient | undefined;
  clinicChoices: readonly Option[];
  clinicianChoices: readonly Option[];
};

/**
 * Clinics for admin and clinician (a clinician's list holds only its own clinics), clinicians for clinic and admin
 * (docs/spec.md §5/§6). An edited patient's current links stay listed even when this user could not pick them, so saving
 * never drops a link silently.
 */
export function LinkFields({ values, onChange, type, patient, clinicChoices, clinicianChoices }: LinkFieldsProps) {
  const clinics = useMemo(() => withCurrent(clinicChoices, patient, 'clinics'), [clinicChoices, patient]);
  const clinicians = useMemo(() => withCurrent(clinicianChoices, patient, 'clinicians'), [clinicianChoices, patient]);
  return (
    <>
      {choosesClinics(type) && (
        <MultiSelect
          label="Clinics"
          options={clinics}
          value={values.clinicIds}
          onChange={(clinicIds) => onChange({ clinicIds })}
          emptyText={MESSAGES.noClinicsToChoose}
        />
      )}
      {choosesClinicians(type) && (
        <MultiSelect
          label="Clinicians"
          options={clinicians}
          value={values.clinicianIds}
          onChange={(clinicianIds) => onChange({ clinicianIds })}
          emptyText={MESSAGES.noCliniciansToChoose}
        />
      )}
    </>
  );
}

function withCurrent(
  choices: readonly Option[],
  patient: MirroredPatient | undefined,
  what: 'clinics' | 'clinicians',
): Option[] {
  if (!patient) return [...choices];
  const current =
    what === 'clinics'
      ? linkedOptions(
          [patient],
          (p) => p.ClinicIDs,
          (p) => p.ClinicNames,
          choices,
        )
      : linkedOptions(
          [patient],
          (p) => p.ClinicianIDs,
          (p) => p.Clinicians,
          choices,
        );
  const known = new Set(choices.map((choice) => choice.id));
  return [...choices, ...current.filter((option) => !known.has(option.id))];
}
