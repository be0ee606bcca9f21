import { useState } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { CredentialFields } from '#app/components/ui/CredentialFields';
import { FormDialog } from '#app/components/ui/FormDialog';
import { TextAreaField } from '#app/components/ui/TextAreaField';
import type { Option } from '#app/components/ui/options';
import { notify } from '#app/components/ui/Toast';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { MutationNetworkError, type MutationAnswer } from '#app/lib/mirror/outbox';
import { refreshLists } from '#app/lib/mirror/outboxRefresh';
import { loginStore } from '#app/lib/storedLogin';
import { useSavePatient, type SavePatientInput } from './api/patientMutations.ts';
import { CodeFields } from './CodeFields.tsx';
import { ConflictNotice } from './ConflictNotice.tsx';
import { IdentityFields } from './IdentityFields.tsx';
import { LinkFields } from './LinkFields.tsx';
import { MeasureFields } from './MeasureFields.tsx';
import { isAlreadyAdded, isConflict, saveFailureText, saveSuccessFeedback } from './mutationFeedback.ts';
import { initialPatientValues, type PatientFormValues } from './patientForm.ts';
import { addPatientBody, updatePatientBody } from './patientPayload.ts';

export type PatientDialogProps = {
  type: UserType;
  /** The patient to edit; none to add one. */
  patient?: MirroredPatient;
  clinicChoices: readonly Option[];
  clinicianChoices: readonly Option[];
  onClose: () => void;
};

type Conflict = { current: MirroredPatient | undefined };

const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/** Add Patient and Edit Patient (docs/spec.md §2, §3, §5, §8). Success closes it and the list re-syncs; failure keeps it open. */
export function PatientDialog({ type, patient, clinicChoices, clinicianChoices, onClose }: PatientDialogProps) {
  const mode = patient ? 'edit' : 'add';
  // The version this edit started from; after a conflict, the one the user reloaded.
  const [base, setBase] = useState(patient);
  const [values, setValues] = useState(() => initialPatientValues(patient, browserLocale()));
  // A clinician with a single clinic adds patients to it; the server needs at least one clinic (docs/spec.md §5). The
  // dialog may open (from the home page's Add Patient) before the clinic list has been read: the clinic is chosen
  // as soon as it is known, unless the user has chosen already.
  const onlyClinic = !patient && type === 'clinician' && clinicChoices.length === 1 ? clinicChoices[0] : undefined;
  const [presetClinic, setPresetClinic] = useState<string | undefined>(undefined);
  if (onlyClinic && presetClinic !== onlyClinic.id && values.clinicIds.length === 0) {
    setPresetClinic(onlyClinic.id);
    setValues((old) => ({ ...old, clinicIds: [onlyClinic.id] }));
  }
  // Chosen once per dialog, so a retried add can never create the patient twice (docs/design.md Data flow 5).
  const [newId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const save = useSavePatient();
  const [isDirty, setDirty] = useState(false);
  const change = (next: Partial<PatientFormValues>) => {
    setDirty(true);
    setValues((old) => ({ ...old, ...next }));
  };

  const fail = (text: string) => {
    setError(text);
    notify(text, 'error');
  };

  const submit = () => {
    setError(null);
    setConflict(null);
    const input: SavePatientInput = base
      ? { mode: 'edit', body: updatePatientBody(values, type, base), patient: base }
      : { mode: 'add', body: addPatientBody(values, type, newId), uniquePatientId: newId };
    const succeed = (answer: MutationAnswer) => {
      const feedback = saveSuccessFeedback(answer, mode);
      if (!feedback.succeeded) return fail(feedback.text);
      notify(feedback.text, 'success');
      onClose();
    };
    save.mutate(input, {
      onSuccess: succeed,
      onError: (failure) => {
        // A dead token has already logged the user out and left the page.
        if (!loginStore.read()) return;
        // Kept in the outbox and sent when the server can be reached: saved, not failed: nothing is lost.
        if (failure instanceof MutationNetworkError) {
          notify(failure.message, 'info');
          onClose();
        } else if (isAlreadyAdded(failure, mode)) succeed({});
        else if (isConflict(failure)) {
          setConflict({ current: failure.body.current as MirroredPatient | undefined });
          // The list (and a delete started from it) then shows the name the record has now.
          refreshLists(['patients']);
        } else fail(saveFailureText(failure, mode));
      },
    });
  };

  const reload = () => {
    const current = conflict?.current;
    if (!current) return;
    setBase(current);
    setValues(initialPatientValues(current, browserLocale()));
    setConflict(null);
  };

  return (
    <FormDialog
      title={mode === 'add' ? 'Add Patient' : 'Edit Patient'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      submitLabel={mode === 'add' ? 'Add' : 'Update'}
      onSubmit={submit}
      isBusy={save.isPending}
      error={error}
      isDirty={isDirty}
      notice={conflict && <ConflictNotice current={conflict.current} onReload={reload} />}
    >
      <IdentityFields values={values} onChange={change} />
      <MeasureFields values={values} onChange={change} />
      <TextAreaField label="User Notes" rows={3} value={values.notes} onChange={(notes) => change({ notes })} />
      <LinkFields
        values={values}
        onChange={change}
        type={type}
        patient={base}
        clinicChoices={clinicChoices}
        clinicianChoices={clinicianChoices}
      />
      <CodeFields values={values} onChange={change} />
      <CredentialFields
        value={values.credentials}
        onChange={(credentials) => change({ credentials: { ...values.credentials, ...credentials } })}
        hasUsername={Boolean(base?.Username)}
      />
    </FormDialog>
  );
}
