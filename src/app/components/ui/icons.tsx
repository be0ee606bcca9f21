/** Decorative icons: the buttons that hold them carry the accessible name. */
export function CloseIcon({ size = 24 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function MenuIcon({ size = 24 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

type IconProps = { size?: number };

/** One stroked 24×24 path; every icon below is a single outline so they share one look. */
function strokeIcon(d: string) {
  return function StrokeIcon({ size = 24 }: IconProps) {
    return (
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
        <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  };
}

export const ChevronDownIcon = strokeIcon('M6 9l6 6 6-6');
export const ChevronRightIcon = strokeIcon('M9 6l6 6-6 6');
export const ChevronLeftIcon = strokeIcon('M15 6l-6 6 6 6');
export const FirstPageIcon = strokeIcon('M17 6l-6 6 6 6M7 6v12');
export const LastPageIcon = strokeIcon('M7 6l6 6-6 6M17 6v12');
/** Three dots: a row's menu of actions. */
export const MoreIcon = strokeIcon('M5 12h.01M12 12h.01M19 12h.01');
export const CheckIcon = strokeIcon('M5 12.5l4.5 4.5L19 7.5');
export const MinusIcon = strokeIcon('M6 12h12');
export const SearchIcon = strokeIcon('M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5L20 20');
export const EditIcon = strokeIcon('M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4');
export const DeleteIcon = strokeIcon('M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6');
export const PlusIcon = strokeIcon('M12 6v12M6 12h12');
export const FolderIcon = strokeIcon('M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7z');
export const DownloadIcon = strokeIcon('M12 4v11M7 10l5 5 5-5M5 20h14');
export const UploadIcon = strokeIcon('M12 16V5M7 10l5-5 5 5M5 20h14');
export const ExportIcon = strokeIcon('M12 14V3M8 7l4-4 4 4M5 11v9h14v-9');
export const ViewIcon = strokeIcon(
  'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
);
export const VideoIcon = strokeIcon('M3 6h12v12H3zM15 10l6-3v10l-6-3');
export const SkeletonIcon = strokeIcon('M12 6a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM12 6v8M6 9l6 1 6-1M9 21l3-7 3 7');
export const ReportIcon = strokeIcon('M6 3h9l4 4v14H6zM9 13v4M12 10v7M15 15v2');
export const KeepOfflineIcon = strokeIcon(
  'M7 18a4 4 0 0 1-.6-8A6 6 0 0 1 18 9a4.5 4.5 0 0 1-1 9M12 11v7M9.5 15.5L12 18l2.5-2.5',
);
