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
import { RowActionLink } from '#app/components/ui/RowAction';
import { RowMenuButton, type RowMenuItem, type RowMenuRequest } from '#app/components/ui/RowMenu';
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
  /** Record or Choose Video: a walk filmed now, analysed on the device, added to this session. */
  onRecordVideo: (session: Session) => void;
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

/** Names a row's menu: 'Actions for Session 3.1 of Ada Lovelace (GP-1001), 02/12/2026 10:30'. */
const sessionMenuName = (s: Session) => `Actions for ${sessionLabel(s)}, ${formatDateTime(s.DateTime)}`;

// Made once: React skips an element it rendered before, and the menu is built only when opened.
const ICONS = {
  report: <ReportIcon size={20} />,
  export: <ExportIcon size={20} />,
  skeleton: <SkeletonIcon size={20} />,
  video: <VideoIcon size={20} />,
  keepOffline: <KeepOfflineIcon size={20} />,
  files: <FolderIcon size={20} />,
  download: <DownloadIcon size={20} />,
};

/**
 * A row's menu: the report and export for everyone, video and keep offline for staff; files, a walk filmed for the
 * session and download for the admin, who alone adds files (docs/spec.md §6).
 */
function sessionMenuItems(s: Session, type: UserType, actions: SessionRowActions): RowMenuItem[] {
  const items: RowMenuItem[] = [
    {
      id: 'report',
      label: 'Report',
      icon: ICONS.report,
      isDisabled: !canProduceReport(s),
      onAction: () => actions.onReport(s),
    },
    {
      id: 'export',
      label: 'Export',
      icon: ICONS.export,
      isDisabled: !s.Data && !s.GaitMetrics,
      onAction: () => actions.onExport(s),
    },
  ];
  if (type !== 'patient')
    items.push(
      {
        id: 'video',
        label: 'Video',
        icon: ICONS.video,
        isDisabled: !canWatchVideo(s),
        unavailableReason: actions.videoUnavailable(s),
        onAction: () => actions.onVideo(s),
      },
      // The joint data and permitted video stored on this device for the ward without Wi-Fi.
      {
        id: 'keepOffline',
        label: 'Keep offline',
        icon: ICONS.keepOffline,
        isDisabled: !canWatchSkeleton(s) && !canWatchVideo(s),
        onAction: () => actions.onKeepOffline(s),
      },
    );
  if (type === 'admin')
    items.push(
      { id: 'files', label: 'Files', icon: ICONS.files, onAction: () => actions.onFiles(s) },
      {
        id: 'recordVideo',
        label: 'Record or Choose Video',
        icon: ICONS.video,
        onAction: () => actions.onRecordVideo(s),
      },
      { id: 'download', label: 'Download', icon: ICONS.download, onAction: () => actions.onDownload(s) },
    );
  return items;
}

/**
 * docs/spec.md §2 session browser columns, one line a row; the row's actions sit in one menu behind its last cell, so
 * a tablet shows ten sessions and more at once.
 */
export function sessionColumns(
  type: UserType,
  actions: SessionRowActions,
  openMenu: (request: RowMenuRequest) => void,
): DataColumn<Session>[] {
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
      actionCount: type === 'patient' ? 1 : 2,
      render: (s) => (
        <>
          {/* The walk in 3D, what a ward round opens most, one press away for staff. */}
          {type !== 'patient' && (
            <RowActionLink
              label="Skeleton"
              name={`Skeleton of ${sessionLabel(s)}`}
              icon={ICONS.skeleton}
              href={skeletonHref(type, s)}
              isDisabled={!canWatchSkeleton(s)}
              isIconOnly
            />
          )}
          <RowMenuButton
            name={sessionMenuName(s)}
            onOpen={(trigger) =>
              openMenu({ trigger, label: sessionMenuName(s), items: sessionMenuItems(s, type, actions) })
            }
          />
        </>
      ),
    },
  ];
}
