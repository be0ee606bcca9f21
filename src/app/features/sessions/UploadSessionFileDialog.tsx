import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Session } from '#shared/sessions/session';
import { SESSION_FILE_TYPES, type SessionFileKind, type SessionFileType } from '#shared/sessions/sessionFiles';
import { FileButton } from '#app/components/ui/FileButton';
import { FormDialog } from '#app/components/ui/FormDialog';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { Select } from '#app/components/ui/Select';
import { notify } from '#app/components/ui/Toast';
import { MutationNetworkError } from '#app/lib/mirror/outbox';
import { saveFailureFeedback } from '#app/lib/recordFeedback';
import { loginStore } from '#app/lib/storedLogin';
import { replacementSubject, uploadSessionFile } from './api/sessionCalls.ts';
import type { SniffedFile } from '#shared/sessions/sniffSessionFile';
import { ACCEPTED_EXTENSIONS, describeSniffed, sniffPickedFile, typeMismatch, typesForFile } from './fileTypes.ts';
import { OverwriteDialog } from './OverwriteDialog.tsx';
import { filesReplacedBy } from './sessionFileRules.ts';
import { SESSION_MESSAGES } from './sessionMessages.ts';
import { isSuccessAnswer, uploadFailureText } from './uploadFeedback.ts';

const TYPE_OPTIONS = SESSION_FILE_TYPES.map((type) => ({ id: type, label: type }));

export type UploadSessionFileDialogProps = {
  session: Session;
  initialType: SessionFileType;
  onClose: () => void;
};

/** A picked file with what its first bytes say it is. */
type Picked = { file: File; sniffed: SniffedFile };

/**
 * Upload Session File (docs/spec.md §2, §4): asks 'Overwrite Files' before replacing a stored file. The file and the call go
 * into the outbox together, as with Add Session: offline, or cut off halfway, it is kept on the device and goes on
 * from where the server's copy ends.
 */
export function UploadSessionFileDialog({ session, initialType, onClose }: UploadSessionFileDialogProps) {
  const [fileType, setFileType] = useState<SessionFileType>(initialType);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [replacing, setReplacing] = useState<SessionFileKind[] | null>(null);
  const [percent, setPercent] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: Picked) =>
      uploadSessionFile(session, fileType, chosen.file, ({ sent, total }) =>
        setPercent(total > 0 ? Math.round((sent / total) * 100) : undefined),
      ),
  });

  const send = (chosen: Picked) => {
    setReplacing(null);
    setPercent(0);
    upload.mutate(chosen, {
      onSuccess: (answer) => {
        if (!isSuccessAnswer(answer))
          return setError('Please check all the details before uploading the session file.');
        notify(SESSION_MESSAGES.fileUploaded, 'success');
        onClose();
      },
      onError: (failure) => {
        // A dead token has already logged the user out and left the page.
        if (!loginStore.read()) return;
        // Offline or cut off: the file waits in the outbox and is sent on reconnecting, like an Add Session.
        if (failure instanceof MutationNetworkError) {
          const feedback = saveFailureFeedback(failure);
          notify(feedback.text, feedback.tone);
          onClose();
          return;
        }
        setError(uploadFailureText(failure));
      },
    });
  };

  /** The content picks the type when the chosen one cannot hold the file (an MP4 picked for Joint Data File). */
  const pick = async (file: File) => {
    setError(null);
    const sniffed = await sniffPickedFile(file);
    setPicked({ file, sniffed });
    const [likely] = typesForFile(sniffed, file.name);
    if (likely !== undefined && typeMismatch(fileType, sniffed, file.name) !== null) setFileType(likely);
  };

  const submit = () => {
    setError(null);
    if (!picked) return setError('Choose a file to upload.');
    const mismatch = typeMismatch(fileType, picked.sniffed, picked.file.name);
    if (mismatch !== null) return setError(mismatch);
    const replaced = filesReplacedBy(fileType, session);
    if (replaced.length > 0) setReplacing(replaced);
    else send(picked);
  };

  return (
    <>
      <FormDialog
        title="Upload Session File"
        isOpen
        onOpenChange={(open) => !open && onClose()}
        submitLabel="Upload"
        onSubmit={submit}
        isBusy={upload.isPending}
        error={error}
      >
        <p className="session-files__subject">{replacementSubject(session)}</p>
        <Select
          label="Session File Type"
          options={TYPE_OPTIONS}
          value={fileType}
          onChange={(id) => id && setFileType(id as SessionFileType)}
          isDisabled={upload.isPending}
        />
        <div className="file-pick">
          <FileButton
            accept={ACCEPTED_EXTENSIONS}
            onSelect={([file]) => file && void pick(file)}
            isDisabled={upload.isPending}
          >
            Choose File
          </FileButton>
          <span className="file-pick__name">
            {picked ? `${picked.file.name} (${describeSniffed(picked.sniffed)})` : 'No file chosen'}
          </span>
        </div>
        {upload.isPending && picked && <ProgressBar label={`Uploading ${picked.file.name}`} value={percent} />}
      </FormDialog>
      {replacing && picked && (
        <OverwriteDialog files={replacing} onConfirm={() => send(picked)} onCancel={() => setReplacing(null)} />
      )}
    </>
  );
}
