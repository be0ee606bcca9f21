import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionExportKind } from '#shared/api/exportCalls';
import { sessionAndSubSessionNumber, patientNameAndGivenId, type Session } from '#shared/sessions/session';
import { Button } from '#app/components/ui/Button';
import { Checkbox } from '#app/components/ui/Checkbox';
import { Dialog } from '#app/components/ui/Dialog';
import { isOffline } from '#app/lib/mirror/reachability';
import { EXPORT_KINDS, EXPORT_KIND_LABELS, exportsAsZip, onlyPatient } from './exportChoices.ts';
import {
  EXPORTS_NEED_NETWORK,
  downloadPatientFhir,
  downloadSessionExport,
  downloadSessionsZip,
  exportErrorMessage,
} from './exportRequests.ts';
import { SaveOutcome } from './SaveOutcome.tsx';

export type ExportDialogProps = { sessions: readonly Session[]; onClose: () => void };

/** Runs one download and keeps its outcome in words: the saved name, or why it failed. */
function useDownload(run: () => Promise<string>) {
  return useMutation({
    mutationFn: async () => {
      try {
        return await run();
      } catch (error) {
        throw new Error(await exportErrorMessage(error));
      }
    },
  });
}

/**
 * Export: the chosen CSV and C3D exports of one session (one file) or of several (a zip with an index.csv), and the
 * FHIR R4 Bundle of the sessions' patient. The server makes and audits every export, so it needs the network.
 */
export function ExportDialog({ sessions, onClose }: ExportDialogProps) {
  const [kinds, setKinds] = useState<SessionExportKind[]>(['metrics.csv']);
  const [only] = sessions;
  const patient = onlyPatient(sessions);
  const files = useDownload(() =>
    exportsAsZip(sessions, kinds) || only === undefined
      ? downloadSessionsZip(sessions, kinds)
      : downloadSessionExport(only, kinds[0] ?? 'metrics.csv'),
  );
  const fhir = useDownload(() =>
    patient === undefined ? Promise.reject(new Error('No patient')) : downloadPatientFhir(patient),
  );
  const toggle = (kind: SessionExportKind, on: boolean) => {
    files.reset();
    setKinds((old) => EXPORT_KINDS.filter((k) => (k === kind ? on : old.includes(k))));
  };
  const subject =
    sessions.length === 1 && only !== undefined
      ? `Session ${sessionAndSubSessionNumber(only)} of ${patientNameAndGivenId(only)}`
      : `${String(sessions.length)} sessions`;

  return (
    <Dialog title="Export" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p>{subject}</p>
          {isOffline() && <p role="status">{EXPORTS_NEED_NETWORK}</p>}
          <fieldset className="field-group export-kinds">
            <legend className="field__label">Files for other tools</legend>
            {EXPORT_KINDS.map((kind) => (
              <Checkbox key={kind} isSelected={kinds.includes(kind)} onChange={(on) => toggle(kind, on)}>
                {EXPORT_KIND_LABELS[kind]}
              </Checkbox>
            ))}
          </fieldset>
          <p className="field__hint">
            {exportsAsZip(sessions, kinds)
              ? 'One zip, its files named by patient ID and session, with an index.csv.'
              : 'One file, named by patient ID and session.'}
          </p>
          <SaveOutcome saved={files} />
          <div className="actions">
            <Button isDisabled={kinds.length === 0} isPending={files.isPending} onPress={() => files.mutate()}>
              Download
            </Button>
          </div>
          {patient && (
            <>
              <p>
                FHIR R4 for the hospital record: {patientNameAndGivenId(patient)} and one observation per gait measure
                of each of their sessions.
              </p>
              <SaveOutcome saved={fhir} />
              <div className="actions">
                <Button variant="secondary" isPending={fhir.isPending} onPress={() => fhir.mutate()}>
                  Download FHIR Bundle
                </Button>
              </div>
            </>
          )}
          <div className="actions">
            <Button variant="secondary" onPress={close}>
              Close
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
