import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import type { Clinician } from '#shared/records/clinician';
import { addClinicianSchema } from '#shared/records/clinicianSchemas';
import { Checkbox } from '#app/components/ui/Checkbox';
import { CredentialFields } from '#app/components/ui/CredentialFields';
import { FormDialog } from '#app/components/ui/FormDialog';
import { MultiSelect } from '#app/components/ui/MultiSelect';
import type { Option } from '#app/components/ui/options';
import { TextField } from '#app/components/ui/TextField';
import { useRecordForm } from '#app/lib/useRecordForm';
import { problemFrom } from '#app/lib/validation';
import { useSaveClinician } from './api/clinicianMutations.ts';
import {
  addClinicianBody,
  clinicianBodyProblem,
  clinicianFormFrom,
  emptyClinicianForm,
  managesClinicianClinics,
  updateClinicianBody,
  type ClinicianFormValues,
} from './clinicianForm.ts';

const forenameProblem = problemFrom(addClinicianSchema.shape.Forename);
const surnameProblem = problemFrom(addClinicianSchema.shape.Surname);

export type ClinicianFormDialogProps = {
  type: UserType;
  /** The record being edited, as it was when the dialog opened; absent when adding. */
  record?: Clinician;
  clinicOptions: readonly Option[];
  onClose: () => void;
};

/** Add Clinician / Edit Clinician (docs/spec.md §2, §4, §5); mounted only while open, so each opening starts afresh. */
export function ClinicianFormDialog({ type, record, clinicOptions, onClose }: ClinicianFormDialogProps) {
  const isAdmin = managesClinicianClinics(type);
  const { values, set, error, submit, isBusy, isDirty } = useRecordForm({
    kind: 'Clinician',
    isEdit: record !== undefined,
    initial: () => (record ? clinicianFormFrom(record) : emptyClinicianForm()),
    toBody: (current: ClinicianFormValues, newId) =>
      record ? updateClinicianBody(current, type, record) : addClinicianBody(current, type, newId),
    problemOf: (sent) => clinicianBodyProblem(sent, record),
    save: useSaveClinician(),
    onClose,
  });

  return (
    <FormDialog
      title={record ? 'Edit Clinician' : 'Add Clinician'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      submitLabel={record ? 'Save' : 'Add'}
      onSubmit={submit}
      isBusy={isBusy}
      error={error}
      isDirty={isDirty}
    >
      <div className="form-row">
        <TextField
          label="Forename"
          value={values.Forename}
          onChange={set('Forename')}
          isRequired
          validate={forenameProblem}
          autoFocus
        />
        <TextField
          label="Surname"
          value={values.Surname}
          onChange={set('Surname')}
          isRequired
          validate={surnameProblem}
        />
        <TextField label="Contact Number" type="tel" value={values.ContactNumber} onChange={set('ContactNumber')} />
        {/* The e-mail keyboard without a format check: the specification (docs/spec.md) applies no e-mail pattern on submit (§5). */}
        <TextField label="Email" inputMode="email" autoComplete="off" value={values.Email} onChange={set('Email')} />
      </div>
      {isAdmin && (
        <>
          <MultiSelect
            label="Clinics"
            options={clinicOptions}
            value={values.ClinicIDs}
            onChange={set('ClinicIDs')}
            emptyText={MESSAGES.noClinicsToChoose}
            isClearable
            maxVisibleChips={5}
          />
          <Checkbox isSelected={values.ElevatedAccess} onChange={set('ElevatedAccess')}>
            Elevated access (may watch unblurred video)
          </Checkbox>
        </>
      )}
      <CredentialFields
        value={values.credentials}
        onChange={(change) => set('credentials')({ ...values.credentials, ...change })}
        hasUsername={Boolean(record?.Username)}
      />
    </FormDialog>
  );
}
