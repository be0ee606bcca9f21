import { useDeferredValue, useMemo, useState, type ComponentType } from 'react';
import { listLoaded } from '#app/lib/listEmptyText';
import type { UserType } from '#shared/auth/userTypes';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { DataTable } from '#app/components/ui/DataTable';
import { ListHeader } from '#app/components/ui/ListHeader';
import { sortRows } from '#app/components/ui/tableData';
import type { Option } from '#app/components/ui/options';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { DeletePatientDialog } from './DeletePatientDialog.tsx';
import { PatientDetails } from './PatientDetails.tsx';
import { PatientDialog } from './PatientDialog.tsx';
import { patientColumns } from './patientColumns.tsx';
import { indexPatients, NO_FILTER, PatientFilterer } from './patientFilter.ts';
import { PatientFiltersPanel } from './PatientFiltersPanel.tsx';
import { DEFAULT_PATIENT_SORT, patientSortValue } from './patientSort.ts';
import { patientName } from './patientText.ts';
import { SyncStatus } from '#app/components/SyncStatus';
import { usePatientBrowserData } from './usePatientBrowserData.ts';
import './patients.css';

export type PatientsScreenProps = {
  type: UserType;
  /** The home pages link to ?add=patient (docs/spec.md §2): the Add Patient dialog opens at once. */
  isAddRequested: boolean;
  onAddRequestHandled: () => void;
  /** The FHIR export belongs to its own feature; the route hands it in. */
  FhirExportDialog?: ComponentType<{
    patient: { UniquePatientID: string; GivenPatientID: string; name: string };
    onClose: () => void;
  }>;
  /** The group report belongs to the reports feature; the route hands it in. */
  GroupReportDialog?: ComponentType<{ patients: readonly Option[]; clinics: readonly Option[]; onClose: () => void }>;
};

type Editing = { mode: 'add' } | { mode: 'edit'; patient: MirroredPatient };

/** The patient browser (docs/spec.md §2): search, filters, a sorted 25-per-page table with expandable rows. */
export function PatientsScreen(props: PatientsScreenProps) {
  const { type, isAddRequested, onAddRequestHandled, FhirExportDialog, GroupReportDialog } = props;
  useDocumentTitle('Patients');
  const data = usePatientBrowserData(type);
  const { rows, ready } = data.patients;
  const [filter, setFilter] = useState(NO_FILTER);
  const [sort, setSort] = useState(DEFAULT_PATIENT_SORT);
  const [editing, setEditing] = useState<Editing | null>(isAddRequested ? { mode: 'add' } : null);
  const [deleting, setDeleting] = useState<MirroredPatient | null>(null);
  const [exporting, setExporting] = useState<MirroredPatient | null>(null);
  const [isGroupReportOpen, setGroupReportOpen] = useState(false);
  // Patients not yet sent from this device have no recordings on the server to report.
  const groupPatients = useMemo(
    () =>
      rows
        .filter((p) => !data.pendingIds.has(p.UniquePatientID))
        .map((p) => ({ id: p.UniquePatientID, label: `${patientName(p)} (${p.GivenPatientID})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [rows, data.pendingIds],
  );

  // Sort (and index) the whole list once per change of rows or order; a keystroke then only filters, in order.
  const index = useMemo(() => indexPatients(sortRows(rows, sort, patientSortValue)), [rows, sort]);
  const [filterer] = useState(() => new PatientFilterer());
  // Typing stays responsive while 100k rows are filtered: React may render the table a beat behind the box.
  const shownFilter = useDeferredValue(filter);
  // Ages count to the minute of the last filter change, so they hold still while the user types and pages.
  const { shown, now } = useMemo(() => {
    // eslint-disable-next-line react-hooks/purity -- read once per filter change on purpose (see above)
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    return { shown: filterer.run(index, shownFilter, minute), now: minute };
  }, [filterer, index, shownFilter]);
  const columns = useMemo(
    () =>
      patientColumns(
        {
          onEdit: (patient) => setEditing({ mode: 'edit', patient }),
          onDelete: setDeleting,
          onExportFhir: FhirExportDialog ? setExporting : undefined,
        },
        now,
        data.pendingIds,
      ),
    [now, FhirExportDialog, data.pendingIds],
  );

  const closeEditor = () => {
    setEditing(null);
    if (isAddRequested) onAddRequestHandled();
  };

  return (
    <Card width="wide" className="list-screen">
      <ListHeader title="Patients" search={filter.search} onSearchChange={(search) => setFilter({ ...filter, search })}>
        <Button onPress={() => setEditing({ mode: 'add' })}>Add Patient</Button>
      </ListHeader>
      <PatientFiltersPanel
        filter={filter}
        onChange={setFilter}
        clinicOptions={data.clinicFilterOptions}
        clinicianOptions={data.clinicianFilterOptions}
      />
      <SyncStatus query={data.sync} />
      <DataTable
        className="patients-table data-table--one-line"
        hasAreaLayout
        label="Patients"
        columns={columns}
        rows={ready ? shown : []}
        rowId={(p) => p.UniquePatientID}
        rowLabel={patientName}
        emptyText={emptyText(listLoaded(ready, rows.length, data.sync), rows.length)}
        sort={sort}
        onSortChange={setSort}
        resetPageOn={shownFilter}
        renderDetail={(patient) => <PatientDetails patient={patient} type={type} />}
      />
      {/* Only under a loaded list: shown above the loading rows, it would be pushed down when they arrive (CLS). */}
      {listLoaded(ready, rows.length, data.sync) && GroupReportDialog && (
        <div className="actions">
          {/* README "Deviations from the spec": the specification keeps it disabled; a clinic compares cohorts. */}
          <Button variant="secondary" onPress={() => setGroupReportOpen(true)}>
            Create Group Report
          </Button>
        </div>
      )}
      {isGroupReportOpen && GroupReportDialog && (
        <GroupReportDialog
          patients={groupPatients}
          clinics={data.clinicChoices}
          onClose={() => setGroupReportOpen(false)}
        />
      )}
      {editing && (
        <PatientDialog
          key={editing.mode === 'edit' ? editing.patient.UniquePatientID : 'add'}
          type={type}
          patient={editing.mode === 'edit' ? editing.patient : undefined}
          clinicChoices={data.clinicChoices}
          clinicianChoices={data.clinicianChoices}
          onClose={closeEditor}
        />
      )}
      {exporting && FhirExportDialog && (
        <FhirExportDialog patient={{ ...exporting, name: patientName(exporting) }} onClose={() => setExporting(null)} />
      )}
      {deleting && (
        // The row as the list has it now: after a conflict re-synced it, the name to type is the current one.
        <DeletePatientDialog
          patient={rows.find((p) => p.UniquePatientID === deleting.UniquePatientID) ?? deleting}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}

/** The empty states the session browser names (docs/spec.md §2), used for every list. */
function emptyText(isLoaded: boolean, total: number): string {
  if (!isLoaded) return 'Loading Data...';
  return total === 0 ? 'No Data Found.' : 'No Data Matching Filter Found.';
}
