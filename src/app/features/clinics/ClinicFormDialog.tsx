import { useState } from 'react';
import { isVerbatimValidationMessage } from '#shared/messages';
import type { Clinic, ClinicType } from '#shared/records/clinic';
import { addClinicSchema } from '#shared/records/clinicSchemas';
import { Checkbox } from '#app/components/ui/Checkbox';
import { FormDialog } from '#app/components/ui/FormDialog';
import { RadioGroup } from '#app/components/ui/RadioGroup';
import { TextAreaField } from '#app/components/ui/TextAreaField';
import { TextField } from '#app/components/ui/TextField';
import { notify } from '#app/components/ui/Toast';
import { saveFailureFeedback, saveSuccessFeedback, type Feedback } from '#app/lib/recordFeedback';
import { problemFrom } from '#app/lib/validation';
import { useSaveClinic } from './api/clinicMutations.ts';
import {
  addClinicBody,
  CLINIC_TYPES,
  clinicBodyProblem,
  clinicCredentialsLabel,
  clinicFormFrom,
  emptyClinicForm,
  updateClinicBody,
  type ClinicFormValues,
} from './clinicForm.ts';

// Field checks from the shared schema: the form shows the words the server would send (spec §5).
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

/** Add Clinic / Edit Clinic (spec §2, §5, §7); mounted only while open, so each opening starts afresh. */
export function ClinicFormDialog({ clinic, onClose }: ClinicFormDialogProps) {
  const [values, setValues] = useState<ClinicFormValues>(() => (clinic ? clinicFormFrom(clinic) : emptyClinicForm()));
  // Made once per dialog: a repeated Add after a lost answer is refused as a duplicate, never stored twice.
  const [newId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const save = useSaveClinic();
  const set =
    <K extends keyof ClinicFormValues>(key: K) =>
    (value: ClinicFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const show = (feedback: Feedback): void => {
    if (feedback.closes) {
      notify(feedback.text, feedback.tone);
      onClose();
    } else {
      setError(feedback.text);
    }
  };

  const submit = (): void => {
    const body = clinic ? updateClinicBody(values, clinic) : addClinicBody(values, newId);
    const problem = clinicBodyProblem(body, clinic);
    if (problem) {
      setError(isVerbatimValidationMessage(problem) ? `Error: ${problem}` : problem);
      return;
    }
    setError(null);
    save.mutate(body, {
      onSuccess: (answer) => show(saveSuccessFeedback('Clinic', clinic ? 'edit' : 'add', answer)),
      onError: (failure) => show(saveFailureFeedback(failure)),
    });
  };

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
      isBusy={save.isPending}
      error={error}
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
      <Checkbox isSelected={values.withCredentials} onChange={set('withCredentials')}>
        {clinicCredentialsLabel(clinic)}
      </Checkbox>
      <div className="form-row">
        <TextField label="Admin Username" autoComplete="off" value={values.AdminUsername} onChange={set('AdminUsername')} isDisabled={!values.withCredentials} />
        <TextField
          label="Admin Password"
          type="password"
          autoComplete="new-password"
          value={values.AdminPassword}
          onChange={set('AdminPassword')}
          isDisabled={!values.withCredentials}
          description={clinic?.AdminUsername ? 'Leave empty to keep the current password.' : undefined}
        />
      </div>
      {!clinic && (
        <TextField label="Admin Password Hint" value={values.AdminHint} onChange={set('AdminHint')} isDisabled={!values.withCredentials} />
      )}
    </FormDialog>
  );
}
