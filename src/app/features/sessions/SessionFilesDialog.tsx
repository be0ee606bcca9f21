import { useState } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import { SESSION_FILE_KINDS, type SessionFileKind } from '#shared/sessions/sessionFiles';
import { Dialog, DialogCloseActions } from '#app/components/ui/Dialog';
import { DownloadIcon, UploadIcon, ViewIcon } from '#app/components/ui/icons';
import { RowActionButton, RowActionLink } from '#app/components/ui/RowAction';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { sessionFileUrl } from './api/sessionFileUrls.ts';
import { FILE_KIND_LABELS, fileAccess, hasFile, isVideoKind, uploadTypeFor } from './sessionFileRules.ts';
import { SESSION_MESSAGES } from './sessionMessages.ts';
import { TextViewerDialog } from './TextViewerDialog.tsx';
import { UploadSessionFileDialog } from './UploadSessionFileDialog.tsx';
import { VideoPlayerDialog } from './VideoPlayerDialog.tsx';
import { BlurJobPanel } from './BlurJobPanel.tsx';
import { PoseJobPanel } from './PoseJobPanel.tsx';

type Child = { kind: 'view' | 'upload'; file: SessionFileKind };

export type SessionFilesDialogProps = { session: Session; type: UserType; onClose: () => void };

/** View Session Files (docs/spec.md §2): the five files, each Available or Not Found, with view, download and upload. */
export function SessionFilesDialog({ session, type, onClose }: SessionFilesDialogProps) {
  const login = useStoredLogin();
  const [child, setChild] = useState<Child | null>(null);
  const title = `Session ${sessionAndSubSessionNumber(session)} files`;
  return (
    <>
      <Dialog title="View Session Files" isOpen onOpenChange={(open) => !open && onClose()}>
        {(close) => (
          <>
            <p className="session-files__subject">
              {session.PatientName} ({session.GivenPatientID}), session {sessionAndSubSessionNumber(session)}
            </p>
            <table className="session-files" aria-label={title}>
              <tbody>
                {SESSION_FILE_KINDS.map((file) => {
                  const label = FILE_KIND_LABELS[file];
                  const available = hasFile(session, file);
                  const access = fileAccess(file, type);
                  return (
                    <tr key={file}>
                      <th scope="row">{label}</th>
                      <td className={available ? 'session-files__available' : 'session-files__missing'}>
                        {available ? SESSION_MESSAGES.available : SESSION_MESSAGES.notFound}
                      </td>
                      <td className="session-files__actions">
                        <div className="row-actions">
                          {access.canView && (
                            <RowActionButton
                              label="View"
                              name={`View ${label}`}
                              icon={<ViewIcon size={20} />}
                              isDisabled={!available}
                              onPress={() => setChild({ kind: 'view', file })}
                            />
                          )}
                          {access.canDownload && login && (
                            <RowActionLink
                              label="Download"
                              name={`Download ${label}`}
                              icon={<DownloadIcon size={20} />}
                              isDisabled={!available}
                              href={sessionFileUrl(session, file, login)}
                              download
                            />
                          )}
                          <RowActionButton
                            label="Upload"
                            name={`Upload ${label}`}
                            icon={<UploadIcon size={20} />}
                            onPress={() => setChild({ kind: 'upload', file })}
                          />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {/* The files dialog is the admin's (docs/spec.md §2), who may watch both videos and so review. */}
            <PoseJobPanel session={session} mayChange={type !== 'patient'} />
            <BlurJobPanel session={session} mayReview={type === 'admin'} />
            <DialogCloseActions onClose={close} />
          </>
        )}
      </Dialog>
      {child?.kind === 'view' &&
        (isVideoKind(child.file) ? (
          <VideoPlayerDialog session={session} type={type} fileKind={child.file} onClose={() => setChild(null)} />
        ) : (
          <TextViewerDialog session={session} fileKind={child.file} onClose={() => setChild(null)} />
        ))}
      {child?.kind === 'upload' && (
        <UploadSessionFileDialog
          session={session}
          initialType={uploadTypeFor(child.file)}
          onClose={() => setChild(null)}
        />
      )}
    </>
  );
}
