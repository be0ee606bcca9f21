import { useState } from 'react';
import { REPORT_METRIC_NAMES, type ReportMetricName } from '#shared/reports/reportMetrics';
import type { XAxisType } from '#shared/reports/reportRequest';
import type { Session } from '#shared/sessions/session';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { MultiSelect } from '#app/components/ui/MultiSelect';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { RadioGroup } from '#app/components/ui/RadioGroup';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { deviceReportAuthor } from './deviceReportAuthor.ts';
import { generateReport, type ReportLinks } from './api/generateReport.ts';
import { buildReportOnDevice } from './onDeviceReport.ts';
import { REPORT_TITLES, reportRequest, type BrowserReportType } from './reportFlow.ts';
import { TrendCharts } from './TrendCharts.tsx';
import './reports.css';

type Stage =
  | { name: 'options' }
  | { name: 'running' }
  | { name: 'done'; links: ReportLinks; onDevice: boolean }
  | { name: 'error'; message: string };

const METRIC_OPTIONS = REPORT_METRIC_NAMES.map((name) => ({ id: name, label: name }));
const AXIS_OPTIONS = [
  { id: 'SessionNumber', label: 'Session number' },
  { id: 'Date', label: 'Date' },
];

export type ReportDialogProps = { type: BrowserReportType; sessions: readonly Session[]; onClose: () => void };

/** docs/spec.md §2 report dialogs: options ('Create {type} Report'), then 'Creating Report', then the links or the error. */
export function ReportDialog({ type, sessions, onClose }: ReportDialogProps) {
  const login = useStoredLogin();
  const [stage, setStage] = useState<Stage>({ name: 'options' });
  const [metrics, setMetrics] = useState<ReportMetricName[]>([]);
  const [xAxis, setXAxis] = useState<XAxisType>('SessionNumber');

  async function create() {
    // docs/spec.md §5: report generation does nothing if no metric is selected.
    if (metrics.length === 0) return;
    setStage({ name: 'running' });
    const request = reportRequest(type, sessions, metrics, xAxis);
    const outcome = await generateReport(request);
    if (outcome.status === 'done') return setStage({ name: 'done', links: outcome.links, onDevice: false });
    if (outcome.status === 'error') return setStage({ name: 'error', message: outcome.message });
    const local = await buildReportOnDevice(sessions, request, await deviceReportAuthor(login));
    setStage(
      local
        ? { name: 'done', links: local, onDevice: true }
        : { name: 'error', message: 'Error: Insufficient data. Try selecting another session.' },
    );
  }

  const title =
    stage.name === 'options'
      ? `Create ${REPORT_TITLES[type]} Report`
      : stage.name === 'done'
        ? 'Report Generated'
        : 'Creating Report';
  return (
    <Dialog title={stage.name === 'error' ? 'Report Error' : title} isOpen onOpenChange={(open) => !open && onClose()}>
      {() => (
        <div className="report-dialog">
          {stage.name === 'options' && (
            <>
              <MultiSelect
                label="Selected metrics"
                description="Select which metrics to include in the report"
                options={METRIC_OPTIONS}
                value={metrics}
                onChange={(ids) => setMetrics(ids as ReportMetricName[])}
                isClearable
              />
              {/* Seventeen metrics one by one is a long way to a full report. */}
              {metrics.length < METRIC_OPTIONS.length && (
                <Button variant="secondary" onPress={() => setMetrics([...REPORT_METRIC_NAMES])}>
                  Select all metrics
                </Button>
              )}
              {type === 'multi-session' && (
                <RadioGroup
                  label="X axis"
                  options={AXIS_OPTIONS}
                  value={xAxis}
                  onChange={(id) => setXAxis(id as XAxisType)}
                />
              )}
              <div className="actions">
                <Button variant="secondary" onPress={onClose}>
                  Cancel
                </Button>
                <Button onPress={() => void create()}>Infer</Button>
              </div>
            </>
          )}
          {stage.name === 'running' && <ProgressBar label="Creating Report" value={undefined} />}
          {stage.name === 'done' && <GeneratedLinks links={stage.links} onDevice={stage.onDevice} onClose={onClose} />}
          {stage.name === 'error' && (
            <>
              <p role="alert">{stage.message}</p>
              <div className="actions">
                <Button onPress={onClose}>Close</Button>
              </div>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}

function GeneratedLinks({ links, onDevice, onClose }: { links: ReportLinks; onDevice: boolean; onClose: () => void }) {
  const open = (path: string) => window.open(path, '_blank', 'noopener');
  return (
    <>
      {onDevice && (
        <p>The server could not be reached: this report was made on this device from its saved recordings.</p>
      )}
      <div className="actions">
        {/* docs/spec.md §2: the variant with a PDF offers its two views, the table and the pie chart; the others
            have one page, the report. Both buttons never lead to the same page. */}
        {links.pdfPath === undefined ? (
          <Button onPress={() => open(links.htmlPath)}>View Report</Button>
        ) : (
          <>
            <Button onPress={() => open(links.htmlPath)}>Table View</Button>
            <Button variant="secondary" onPress={() => open(links.pdfPath ?? '')}>
              Pie Chart
            </Button>
          </>
        )}
      </div>
      {links.trends && links.trends.length > 0 && <TrendCharts trends={links.trends} />}
      <div className="actions">
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}
