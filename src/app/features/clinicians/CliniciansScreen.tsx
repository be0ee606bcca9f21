import { useMemo, useState } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import type { Clinician } from '#shared/records/clinician';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { DataTable } from '#app/components/ui/DataTable';
import { ListHeader } from '#app/components/ui/ListHeader';
import { sortRows } from '#app/components/ui/tableData';
import { listEmptyText, listLoaded } from '#app/lib/listEmptyText';
import { useMirrorRows } from '#app/lib/mirror/mirrorRows';
import { useMirrorSync } from '#app/lib/mirror/sync';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { clinicianColumns } from './clinicianColumns.tsx';
import { managesClinicianClinics } from './clinicianForm.ts';
import { ClinicianFormDialog } from './ClinicianFormDialog.tsx';
import { clinicianSortValue, DEFAULT_CLINICIAN_SORT, searchClinicians, toClinicianRow } from './clinicianList.ts';
import { DeleteClinicianDialog } from './DeleteClinicianDialog.tsx';
import './clinicians.css';

export type CliniciansScreenProps = {
  type: UserType;
  /** The Add dialog lives in the address (?add=clinician), so the home pages' Add Clinician links open it. */
  isAddOpen: boolean;
  onAddOpenChange: (isOpen: boolean) => void;
};

/** docs/spec.md §2 clinician browser, read from the mirror: search, sort and paging never wait on the network. */
export function CliniciansScreen({ type, isAddOpen, onAddOpenChange }: CliniciansScreenProps) {
  useDocumentTitle('Clinicians');
  const isAdmin = managesClinicianClinics(type);
  const sync = useMirrorSync('clinicians');
  // The admin picks clinics for a clinician; a clinic's own clinicians carry their clinic names already.
  useMirrorSync('clinics', { enabled: isAdmin });
  const clinicians = useMirrorRows('clinicians');
  const clinics = useMirrorRows('clinics').rows;
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(DEFAULT_CLINICIAN_SORT);
  const [editing, setEditing] = useState<Clinician | null>(null);
  const [deleting, setDeleting] = useState<Clinician | null>(null);

  const clinicNames = useMemo(() => new Map(clinics.map((c) => [c.ClinicID, c.Name])), [clinics]);
  const clinicOptions = useMemo(
    () => clinics.map((c) => ({ id: c.ClinicID, label: c.Name })).sort((a, b) => a.label.localeCompare(b.label)),
    [clinics],
  );
  const rows = useMemo(
    () => clinicians.rows.map((r) => toClinicianRow(r, clinicNames)),
    [clinicians.rows, clinicNames],
  );
  const shown = useMemo(() => sortRows(searchClinicians(rows, search), sort, clinicianSortValue), [rows, search, sort]);
  const columns = useMemo(() => clinicianColumns({ onEdit: setEditing, onDelete: setDeleting }), []);

  return (
    <Card width="wide" className="list-screen">
      <ListHeader title="Clinicians" search={search} onSearchChange={setSearch}>
        <Button onPress={() => onAddOpenChange(true)}>Add Clinician</Button>
      </ListHeader>
      <DataTable
        className="clinicians-table data-table--one-line"
        hasAreaLayout
        label="Clinicians"
        columns={columns}
        rows={shown}
        rowId={(r) => r.record.ClinicianID}
        rowLabel={(r) => r.name}
        sort={sort}
        onSortChange={setSort}
        resetPageOn={search}
        emptyText={listEmptyText({
          ready: listLoaded(clinicians.ready, clinicians.rows.length, sync),
          failed: sync.isError,
          searching: search.trim() !== '',
        })}
      />
      {isAddOpen && (
        <ClinicianFormDialog type={type} clinicOptions={clinicOptions} onClose={() => onAddOpenChange(false)} />
      )}
      {editing && (
        <ClinicianFormDialog
          type={type}
          record={editing}
          clinicOptions={clinicOptions}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteClinicianDialog record={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
