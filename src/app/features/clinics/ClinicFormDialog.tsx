import type { Clinic, ClinicType } from '#shared/records/clinic';
import { addClinicSchema } from '#shared/records/clinicSchemas';
import { CredentialFields } from '#app/components/ui/CredentialFields';
import { FormDialog } from '#app/components/ui/FormDialog';
import { RadioGroup } from '#app/components/ui/RadioGroup';
import { TextAreaField } from '#app/components/ui/TextAreaField';
import { TextField } from '#app/components/ui/TextField';
import { useRecordForm } from '#app/lib/useRecordForm';
import { problemFrom } from '#app/lib/validation';
import { useSaveClinic } from './api/clinicMutations.ts';
import {
  addClinicBody,
  CLINIC_TYPES,
  clinicBodyProblem,
  clinicFormFrom,
  emptyClinicForm,
  updateClinicBody,
  type ClinicFormValues,
} from './clinicForm.ts';

// Field checks from the shared schema: the form shows the words the server would send (docs/spec.md §5).
const shape = addClinicSchema.shape;
const problems = {
  name: problemFrom(shape.ClinicOrgCompName),
  address: problemFrom(shape.ClinicOrgCompAddress),
  forename: problemFrom(shape.ClinicContactForename),
  surname: problemFrom(shape.ClinicContactSurname),
  number: problemFrom(shape.ClinicContactNumber),
  email: problemFrom(shape.ClinicContactEmail),
};
const typeOptions = CLINIC_TYPES.map((type) => ({ id: type, label: type }));
const isClinicType = (value: string): value is ClinicType => (CLINIC_TYPES as string[]).includes(value);

export type ClinicFormDialogProps = { clinic?: Clinic; onClose: () => void };

/** Add Clinic / Edit Clinic (docs/spec.md §2, §5, §7); mounted only while open, so each opening starts afresh. */
export function ClinicFormDialog({ clinic, onClose }: ClinicFormDialogProps) {
  const { values, set, error, submit, isBusy, isDirty } = useRecordForm({
    kind: 'Clinic',
    isEdit: clinic !== undefined,
    initial: () => (clinic ? clinicFormFrom(clinic) : emptyClinicForm()),
    toBody: (current: ClinicFormValues, newId) =>
      clinic ? updateClinicBody(current, clinic) : addClinicBody(current, newId),
    problemOf: (sent) => clinicBodyProblem(sent, clinic),
    save: useSaveClinic(),
    onClose,
  });

  const text = (key: keyof typeof problems, field: keyof ClinicFormValues & `Clinic${string}`, label: string) => (
    <TextField label={label} value={String(values[field])} onChange={set(field)} isRequired validate={problems[key]} />
  );

  return (
    <FormDialog
      title={clinic ? 'Edit Clinic' : 'Add Clinic'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      submitLabel={clinic ? 'Save' : 'Add'}
      onSubmit={submit}
      isBusy={isBusy}
      error={error}
      isDirty={isDirty}
    >
      {text('name', 'ClinicOrgCompName', 'Organisation Name')}
      {text('address', 'ClinicOrgCompAddress', 'Address')}
      <div className="form-row">
        {text('forename', 'ClinicContactForename', 'Contact Forename')}
        {text('surname', 'ClinicContactSurname', 'Contact Surname')}
        {text('number', 'ClinicContactNumber', 'Contact Number')}
        {text('email', 'ClinicContactEmail', 'Contact Email')}
      </div>
      {!clinic && (
        <RadioGroup
          label="Clinic Type"
          options={typeOptions}
          value={values.clinicType}
          onChange={(value) => isClinicType(value) && set('clinicType')(value)}
        />
      )}
      <TextAreaField label="Notes" value={values.Notes} onChange={set('Notes')} />
      <CredentialFields
        value={values.credentials}
        onChange={(change) => set('credentials')({ ...values.credentials, ...change })}
        hasUsername={Boolean(clinic?.AdminUsername)}
        labelPrefix="Admin "
        withHint={!clinic}
      />
    </FormDialog>
  );
}
