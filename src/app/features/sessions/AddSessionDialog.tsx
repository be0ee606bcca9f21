import { lazy, Suspense, useState } from 'react';
import { WALK_TESTS } from '#shared/codes/tests';
import { MESSAGES, recordMessages } from '#shared/messages';
import { Checkbox } from '#app/components/ui/Checkbox';
import { DateField } from '#app/components/ui/DateField';
import { TimeField } from '#app/components/ui/TimeField';
import { FormDialog } from '#app/components/ui/FormDialog';
import { GroupedComboBox } from '#app/components/ui/GroupedComboBox';
import type { GroupedOption } from '#app/components/ui/optionGroups';
import { NumberField } from '#app/components/ui/NumberField';
import type { Option } from '#app/components/ui/options';
import { Select } from '#app/components/ui/Select';
import { notify } from '#app/components/ui/Toast';
import { saveFailureFeedback } from '#app/lib/recordFeedback';
import { MutationNetworkError } from '#app/lib/mirror/outbox';
import { loginStore } from '#app/lib/storedLogin';
import { addSessionBody, addSessionProblem, emptyAddSession, type AddSessionValues } from './addSessionForm.ts';
import { uploadOptionsFor } from './addSessionUploads.ts';
import { addSession } from './api/sessionCalls.ts';
import { PickedFilesList } from './PickedFilesList.tsx';
import { isSuccessAnswer, uploadFailureText } from './uploadFeedback.ts';
import { useAddSessionUploads } from './useAddSessionUploads.ts';
import { heightFromRecordM } from './videoGait/floorMarks.ts';
import { FILE_UPLOAD_TYPE_LABELS, VIDEO_UPLOAD_TYPE_LABELS } from './uploadTypeLabels.ts';
import { Button } from '#app/components/ui/Button';

// The video dialog (and its pose worker, with the model) loads only when a clinician opens it.
const VideoGaitDialog = lazy(() =>
  import('./videoGait/VideoGaitDialog.tsx').then((m) => ({ default: m.VideoGaitDialog })),
);

const TEST_OPTIONS: Option[] = WALK_TESTS.map((test) => ({ id: test.TestID, label: test.Name }));
const texts = recordMessages('Session');

export type AddSessionDialogProps = {
  patientChoices: readonly GroupedOption[];
  patientHeightsCm: ReadonlyMap<string, number>;
  clinicianChoices: readonly GroupedOption[];
  onClose: () => void;
};

/** Add Session (docs/spec.md §2, §5, §7, §8): the files and the call go into the outbox together; files are sent first. */
export function AddSessionDialog({
  patientChoices,
  patientHeightsCm,
  clinicianChoices,
  onClose,
}: AddSessionDialogProps) {
  const [values, setValues] = useState<AddSessionValues>(() => emptyAddSession());
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const uploads = useAddSessionUploads();
  const [isDirty, setDirty] = useState(false);
  const [isVideoOpen, setVideoOpen] = useState(false);
  const change = (next: Partial<AddSessionValues>) => {
    setDirty(true);
    setValues((old) => ({ ...old, ...next }));
  };

  const fail = (text: string) => {
    setError(text);
    notify(text, 'error');
  };

  const submit = async () => {
    setError(null);
    const problem = addSessionProblem(values);
    if (problem) return fail(problem);
    const options = uploadOptionsFor(uploads.files);
    if (!options.ok) return fail(options.message);
    setBusy(true);
    uploads.startSending();
    try {
      const answer = await addSession(
        addSessionBody(values, uploads.fileUploadId, options),
        uploads.queued(),
        uploads.onProgress,
      );
      if (!isSuccessAnswer(answer)) return fail(texts.checkBeforeAdding);
      notify(texts.added, 'success');
      onClose();
    } catch (failure) {
      // A dead token has already logged the user out and left the page.
      if (!loginStore.read()) return;
      uploads.stopSending();
      // Offline: the session and its files wait in the outbox and are sent on reconnecting, like an edit.
      if (failure instanceof MutationNetworkError) {
        const feedback = saveFailureFeedback(failure);
        notify(feedback.text, feedback.tone);
        onClose();
        return;
      }
      fail(uploadFailureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="Add Session"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      submitLabel="Add"
      onSubmit={() => void submit()}
      isBusy={isBusy}
      error={error}
      isDirty={isDirty || uploads.files.length > 0}
    >
      <div className="form-row">
        <NumberField
          label="Session Number"
          isRequired
          minValue={0}
          step={1}
          value={values.sessionNumber}
          onChange={(sessionNumber) => change({ sessionNumber })}
        />
        <NumberField
          label="Sub Session Number"
          isRequired
          minValue={0}
          step={1}
          value={values.subSessionNumber}
          onChange={(subSessionNumber) => change({ subSessionNumber })}
        />
      </div>
      <Select
        label="Test"
        isRequired
        options={TEST_OPTIONS}
        value={values.testId}
        onChange={(testId) => change({ testId })}
      />
      <GroupedComboBox
        label="Patient"
        isRequired
        options={patientChoices}
        value={values.patientId}
        onChange={(patientId) => change({ patientId })}
        ungrouped="No clinic"
        emptyText={patientChoices.length === 0 ? 'No patients available to choose from' : 'No patient matches'}
      />
      <GroupedComboBox
        label="Clinician"
        isRequired
        options={clinicianChoices}
        value={values.clinicianId}
        onChange={(clinicianId) => change({ clinicianId })}
        ungrouped={MESSAGES.noAssociatedClinic}
        emptyText={clinicianChoices.length === 0 ? MESSAGES.noCliniciansToChoose : 'No clinician matches'}
      />
      <div className="form-row">
        <DateField label="Date" isRequired value={values.date} onChange={(date) => change({ date })} />
        <TimeField label="Time" isRequired value={values.time} onChange={(time) => change({ time })} />
      </div>
      <PickedFilesList
        files={uploads.files}
        onAdd={(files) =>
          void uploads.add(files).then((refused) => {
            if (refused.length > 0) fail(refused.join(' '));
          })
        }
        onRemove={uploads.remove}
        onTypeChange={uploads.setType}
        isBusy={isBusy}
      />
      <Button variant="secondary" onPress={() => setVideoOpen(true)} isDisabled={isBusy}>
        Record or Choose Video
      </Button>
      {isVideoOpen && (
        <Suspense fallback={null}>
          <VideoGaitDialog
            recordHeightM={heightFromRecordM(values.patientId ? patientHeightsCm.get(values.patientId) : undefined)}
            onClose={() => setVideoOpen(false)}
            onAdd={(files) =>
              void uploads.add(files.map(({ file }) => file)).then((refused) => {
                if (refused.length > 0) fail(refused.join(' '));
              })
            }
          />
        </Suspense>
      )}
      <UploadTypes options={uploadOptionsFor(uploads.files)} />
      <Checkbox
        isSelected={values.appendToExisting}
        onChange={(appendToExisting) => change({ appendToExisting })}
        isDisabled={isBusy}
      >
        Link to session with same session number
      </Checkbox>
    </FormDialog>
  );
}

/** docs/spec.md §9 upload type options, as the files picked set them. */
function UploadTypes({ options }: { options: ReturnType<typeof uploadOptionsFor> }) {
  if (!options.ok) return <p className="field__error">{options.message}</p>;
  return (
    <p className="field__description">
      File upload type: {FILE_UPLOAD_TYPE_LABELS[options.FileUploadTypeOptions]}. Video upload type:{' '}
      {VIDEO_UPLOAD_TYPE_LABELS[options.VideoUploadTypeOptions]}.
    </p>
  );
}
