import { memo, useCallback } from 'react';
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

/**
 * docs/spec.md §2 footer: the selection count and the two report buttons. Memoised with stable handlers: a filter
 * change, which leaves the selection as it is, renders none of its four buttons again.
 */
export const SessionFooter = memo(function SessionFooter({
  selectedCount,
  onCreateReport,
  onDownload,
  onExport,
}: SessionFooterProps) {
  const enabled = reportButtonsEnabled(selectedCount);
  const single = useCallback(() => onCreateReport('session'), [onCreateReport]);
  const multi = useCallback(() => onCreateReport('multi-session'), [onCreateReport]);
  return (
    // Sticky at the bottom of the window (sessions.css): the reports are at hand wherever the list is scrolled to.
    <div role="region" aria-label="Selected sessions" className="session-footer">
      <span className="session-footer__count" aria-live="polite">
        {selectionCountText(selectedCount)}
      </span>
      <div className="actions">
        <Button isDisabled={!enabled.single} onPress={single}>
          Create Single Session Report
        </Button>
        <Button isDisabled={!enabled.multi} onPress={multi}>
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
});
