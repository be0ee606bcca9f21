import type { DataColumn } from '#app/components/ui/DataTable';
import {
  DownloadIcon,
  FolderIcon,
  KeepOfflineIcon,
  ReportIcon,
  SkeletonIcon,
  VideoIcon,
} from '#app/components/ui/icons';
import { IconButton } from '#app/components/ui/IconButton';
import { IconLink } from '#app/components/ui/IconLink';
import { formatDateTime } from '#app/lib/dateTime';
import type { UserType } from '#shared/auth/userTypes';
import {
  canProduceReport,
  canWatchSkeleton,
  canWatchVideo,
  patientNameAndGivenId,
  sessionAndSubSessionNumber,
  type Session,
} from '#shared/sessions/session';

export type SessionRowActions = {
  onReport: (session: Session) => void;
  onVideo: (session: Session) => void;
  onFiles: (session: Session) => void;
  onDownload: (session: Session) => void;
  onKeepOffline: (session: Session) => void;
};

/** Names a row in its buttons' labels, e.g. 'Session 3.1 of Ada Lovelace (GP-1001)'. */
export const sessionLabel = (s: Session) => `Session ${sessionAndSubSessionNumber(s)} of ${patientNameAndGivenId(s)}`;

const text = (id: string, name: string, render: (s: Session) => string, isRowHeader = false): DataColumn<Session> => ({
  id,
  name,
  render,
  allowsSorting: true,
  isRowHeader,
});

/** Spec §2 session browser columns; skeleton and video for staff, the files dialog and downloads for the admin. */
export function sessionColumns(type: UserType, actions: SessionRowActions): DataColumn<Session>[] {
  const columns: DataColumn<Session>[] = [
    text('lastModified', 'Last Modified', (s) => formatDateTime(s.DateModified)),
    text('dateTime', 'Date and Time', (s) => formatDateTime(s.DateTime)),
    text('session', 'Session', sessionAndSubSessionNumber, true),
    text('patient', 'Patient', patientNameAndGivenId, true),
    text('test', 'Test', (s) => s.TestName),
    text('clinic', 'Clinic', (s) => s.ClinicName),
    text('clinician', 'Clinician', (s) => s.ClinicianName),
    {
      id: 'report',
      name: 'Report',
      hideName: true,
      render: (s) => (
        <IconButton
          aria-label={`Report of ${sessionLabel(s)}`}
          isDisabled={!canProduceReport(s)}
          onPress={() => actions.onReport(s)}
        >
          <ReportIcon />
        </IconButton>
      ),
    },
  ];
  if (type !== 'patient') {
    columns.push(
      {
        id: 'skeleton',
        name: 'Skeleton',
        hideName: true,
        render: (s) => (
          <IconLink
            aria-label={`Skeleton of ${sessionLabel(s)}`}
            href={`/${type}/sessions/viewskeleton/${encodeURIComponent(s.SessionID)}/${encodeURIComponent(s.SubSessionID)}`}
            isDisabled={!canWatchSkeleton(s)}
          >
            <SkeletonIcon />
          </IconLink>
        ),
      },
      {
        id: 'video',
        name: 'Video',
        hideName: true,
        render: (s) => (
          <IconButton
            aria-label={`Video of ${sessionLabel(s)}`}
            isDisabled={!canWatchVideo(s)}
            onPress={() => actions.onVideo(s)}
          >
            <VideoIcon />
          </IconButton>
        ),
      },
      {
        // DESIGN.md Data flow 6: the joint data and permitted video stored on this device for the ward without Wi-Fi.
        id: 'keepOffline',
        name: 'Keep offline',
        hideName: true,
        render: (s) => (
          <IconButton
            aria-label={`Keep offline ${sessionLabel(s)}`}
            isDisabled={!canWatchSkeleton(s) && !canWatchVideo(s)}
            onPress={() => actions.onKeepOffline(s)}
          >
            <KeepOfflineIcon />
          </IconButton>
        ),
      },
    );
  }
  if (type === 'admin') {
    columns.push(
      {
        id: 'files',
        name: 'Files',
        hideName: true,
        render: (s) => (
          <IconButton aria-label={`Files of ${sessionLabel(s)}`} onPress={() => actions.onFiles(s)}>
            <FolderIcon />
          </IconButton>
        ),
      },
      {
        id: 'download',
        name: 'Download',
        render: (s) => (
          <IconButton aria-label={`Download ${sessionLabel(s)}`} onPress={() => actions.onDownload(s)}>
            <DownloadIcon />
          </IconButton>
        ),
      },
    );
  }
  return columns;
}
