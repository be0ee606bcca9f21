import { Button } from '#app/components/ui/Button';
import { reportButtonsEnabled, selectionCountText, type SessionReportType } from './reportSelection.ts';

export type SessionFooterProps = {
  selectedCount: number;
  onCreateReport: (type: SessionReportType) => void;
  /** Admin only: the selected sessions' files as one zip. */
  onDownload?: () => void;
  /** The selected sessions' CSV, C3D and FHIR exports. */
  onExport: () => void;
};

/** docs/spec.md §2 footer: the selection count and the two report buttons. */
export function SessionFooter({ selectedCount, onCreateReport, onDownload, onExport }: SessionFooterProps) {
  const enabled = reportButtonsEnabled(selectedCount);
  return (
    <div className="session-footer">
      <span className="session-footer__count" aria-live="polite">
        {selectionCountText(selectedCount)}
      </span>
      <div className="actions">
        <Button isDisabled={!enabled.single} onPress={() => onCreateReport('session')}>
          Create Single Session Report
        </Button>
        <Button isDisabled={!enabled.multi} onPress={() => onCreateReport('multi-session')}>
          Create Multi Session Report
        </Button>
        <Button variant="secondary" isDisabled={selectedCount === 0} onPress={onExport}>
          Export Selected
        </Button>
        {onDownload && (
          <Button variant="secondary" isDisabled={selectedCount === 0} onPress={onDownload}>
            Download Selected
          </Button>
        )}
      </div>
    </div>
  );
}
