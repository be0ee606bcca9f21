import { useState } from 'react';
import { ICD_CODES, ICD_TREE } from '#shared/codes/icd';
import { ICF_TREE } from '#shared/codes/icf';
import { MISC_CODES } from '#shared/codes/misc';
import { MESSAGES } from '#shared/messages';
import { REPORT_METRIC_NAMES, type ReportMetricName } from '#shared/reports/reportMetrics';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { MultiSelect } from '#app/components/ui/MultiSelect';
import type { Option } from '#app/components/ui/options';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { TreeSelect } from '#app/components/ui/TreeSelect';
import { generateGroupReport, type GroupReportLinks } from './api/generateGroupReport.ts';
import './reports.css';

type Stage =
  | { name: 'options'; problem?: string }
  | { name: 'running' }
  | { name: 'done'; links: GroupReportLinks }
  | { name: 'error'; message: string };

const METRIC_OPTIONS = REPORT_METRIC_NAMES.map((name) => ({ id: name, label: name }));
const TAG_OPTIONS = MISC_CODES.map((c) => ({ id: c.CodeID, label: c.Label }));
const CODE_TREE = [
  { id: 'ICD-10', label: 'ICD-10 conditions', children: [...ICD_TREE] },
  { id: 'ICF', label: 'ICF functioning', children: [...ICF_TREE] },
];
const ICD_IDS = new Set(ICD_CODES.map((c) => c.CodeID));
const NO_GROUP = 'Choose patients, or a code, tag or clinic.';

export type GroupReportDialogProps = {
  /** The patients and clinics the user may choose from (their own, as the browser lists them). */
  patients: readonly Option[];
  clinics: readonly Option[];
  onClose: () => void;
};

/**
 * The group report (README "Deviations from the spec"): patients chosen one by one and/or by ICD/ICF code, tag or
 * clinic (each kind narrows the group), and the metrics; then the links to the HTML report and its PDF.
 */
export function GroupReportDialog({ patients, clinics, onClose }: GroupReportDialogProps) {
  const [stage, setStage] = useState<Stage>({ name: 'options' });
  const [patientIds, setPatientIds] = useState<string[]>([]);
  const [codes, setCodes] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [clinicIds, setClinicIds] = useState<string[]>([]);
  const [metrics, setMetrics] = useState<ReportMetricName[]>([]);

  async function create() {
    // As the other reports: nothing happens without a metric (docs/spec.md §5).
    if (metrics.length === 0) return;
    if (patientIds.length + codes.length + tags.length + clinicIds.length === 0)
      return setStage({ name: 'options', problem: NO_GROUP });
    setStage({ name: 'running' });
    const outcome = await generateGroupReport({
      patientIDs: patientIds,
      ICD: codes.filter((c) => ICD_IDS.has(c)),
      ICF: codes.filter((c) => !ICD_IDS.has(c)),
      Miscs: tags,
      clinicIDs: clinicIds,
      metrics,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    setStage(
      outcome.status === 'done' ? { name: 'done', links: outcome.links } : { name: 'error', message: outcome.message },
    );
  }

  const open = (path: string) => window.open(path, '_blank', 'noopener');
  const title =
    stage.name === 'options'
      ? 'Create Group Report'
      : stage.name === 'done'
        ? 'Report Generated'
        : stage.name === 'error'
          ? 'Report Error'
          : 'Creating Report';
  return (
    <Dialog title={title} isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      {() => (
        <div className="report-dialog">
          {stage.name === 'options' && (
            <>
              <MultiSelect
                label="Patients"
                description="Leave empty to take every patient with the codes, tags or clinics below"
                options={patients}
                value={patientIds}
                onChange={setPatientIds}
                isClearable
              />
              <TreeSelect label="ICD / ICF" tree={CODE_TREE} value={codes} onChange={setCodes} />
              <MultiSelect label="Tags" options={TAG_OPTIONS} value={tags} onChange={setTags} isClearable />
              {clinics.length > 0 && (
                <MultiSelect
                  label="Clinics"
                  options={clinics}
                  value={clinicIds}
                  onChange={setClinicIds}
                  emptyText={MESSAGES.noClinicsToChoose}
                  isClearable
                />
              )}
              <MultiSelect
                label="Selected metrics"
                description="Select which metrics to include in the report"
                options={METRIC_OPTIONS}
                value={metrics}
                onChange={(ids) => setMetrics(ids as ReportMetricName[])}
                isClearable
              />
              {stage.problem !== undefined && <p role="alert">{stage.problem}</p>}
              <div className="actions">
                <Button variant="secondary" onPress={onClose}>
                  Cancel
                </Button>
                <Button onPress={() => void create()}>Create Report</Button>
              </div>
            </>
          )}
          {stage.name === 'running' && <ProgressBar label="Creating Report" value={undefined} />}
          {stage.name === 'done' && (
            <>
              <p>
                {stage.links.patientCount === 1 ? '1 patient' : `${String(stage.links.patientCount)} patients`} in the
                group.
              </p>
              <div className="actions">
                <Button onPress={() => open(stage.links.htmlPath)}>View Report</Button>
                <Button variant="secondary" onPress={() => open(stage.links.pdfPath)}>
                  PDF
                </Button>
                <Button variant="secondary" onPress={onClose}>
                  Close
                </Button>
              </div>
            </>
          )}
          {stage.name === 'error' && (
            <>
              <p role="alert">{stage.message}</p>
              <div className="actions">
                <Button variant="secondary" onPress={() => setStage({ name: 'options' })}>
                  Back
                </Button>
                <Button onPress={onClose}>Close</Button>
              </div>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
