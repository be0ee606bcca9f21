import type { DataColumn } from '#app/components/ui/DataTable';
import {
  DownloadIcon,
  ExportIcon,
  FolderIcon,
  KeepOfflineIcon,
  ReportIcon,
  SkeletonIcon,
  VideoIcon,
} from '#app/components/ui/icons';
import { RowActionButton, RowActionLink } from '#app/components/ui/RowAction';
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
  /** CSV, C3D and FHIR exports for other tools. */
  onExport: (session: Session) => void;
  onKeepOffline: (session: Session) => void;
  /** Why this user cannot watch the session's video, when the only video is one they may not see. */
  videoUnavailable: (session: Session) => string | undefined;
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

const skeletonHref = (type: UserType, s: Session) =>
  `/${type}/sessions/viewskeleton/${encodeURIComponent(s.SessionID)}/${encodeURIComponent(s.SubSessionID)}`;

/**
 * The icons are elements made once: React skips an element it rendered before (the same object) without comparing it
 * again, so a filter change that shows 25 other sessions does not render 175 icons anew.
 */
const ICONS = {
  report: <ReportIcon size={20} />,
  export: <ExportIcon size={20} />,
  skeleton: <SkeletonIcon size={20} />,
  video: <VideoIcon size={20} />,
  keepOffline: <KeepOfflineIcon size={20} />,
  files: <FolderIcon size={20} />,
  download: <DownloadIcon size={20} />,
};

/** A row's buttons: the report for everyone, skeleton, video and keep offline for staff, files and download for the admin. */
function SessionActions({
  session: s,
  type,
  actions,
}: {
  session: Session;
  type: UserType;
  actions: SessionRowActions;
}) {
  const label = sessionLabel(s);
  return (
    <>
      <RowActionButton
        label="Report"
        name={`Report of ${label}`}
        icon={ICONS.report}
        isDisabled={!canProduceReport(s)}
        onPress={() => actions.onReport(s)}
      />
      <RowActionButton
        label="Export"
        name={`Export ${label}`}
        icon={ICONS.export}
        isDisabled={!s.Data && !s.GaitMetrics}
        onPress={() => actions.onExport(s)}
      />
      {type !== 'patient' && (
        <>
          <RowActionLink
            label="Skeleton"
            name={`Skeleton of ${label}`}
            icon={ICONS.skeleton}
            href={skeletonHref(type, s)}
            isDisabled={!canWatchSkeleton(s)}
          />
          <RowActionButton
            label="Video"
            name={`Video of ${label}`}
            icon={ICONS.video}
            isDisabled={!canWatchVideo(s)}
            unavailableReason={actions.videoUnavailable(s)}
            onPress={() => actions.onVideo(s)}
          />
          {/* The joint data and permitted video stored on this device for the ward without Wi-Fi. */}
          <RowActionButton
            label="Keep offline"
            name={`Keep offline ${label}`}
            icon={ICONS.keepOffline}
            isDisabled={!canWatchSkeleton(s) && !canWatchVideo(s)}
            onPress={() => actions.onKeepOffline(s)}
          />
        </>
      )}
      {type === 'admin' && (
        <>
          <RowActionButton
            label="Files"
            name={`Files of ${label}`}
            icon={ICONS.files}
            onPress={() => actions.onFiles(s)}
          />
          <RowActionButton
            label="Download"
            name={`Download ${label}`}
            icon={ICONS.download}
            onPress={() => actions.onDownload(s)}
          />
        </>
      )}
    </>
  );
}

const ACTION_COUNTS: Record<UserType, number> = { patient: 2, clinician: 5, clinic: 5, admin: 7 };

/** docs/spec.md §2 session browser columns; the row's buttons share one Actions column so that they wrap, never scroll. */
export function sessionColumns(type: UserType, actions: SessionRowActions): DataColumn<Session>[] {
  return [
    text('lastModified', 'Last Modified', (s) => formatDateTime(s.DateModified)),
    text('dateTime', 'Date and Time', (s) => formatDateTime(s.DateTime)),
    text('session', 'Session', sessionAndSubSessionNumber, true),
    text('patient', 'Patient', patientNameAndGivenId, true),
    text('test', 'Test', (s) => s.TestName),
    text('clinic', 'Clinic', (s) => s.ClinicName),
    text('clinician', 'Clinician', (s) => s.ClinicianName),
    {
      id: 'actions',
      name: 'Actions',
      kind: 'actions',
      actionCount: ACTION_COUNTS[type],
      render: (s) => <SessionActions session={s} type={type} actions={actions} />,
    },
  ];
}
