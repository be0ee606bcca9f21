import { useMemo, useState } from 'react';
import type { Clinic } from '#shared/records/clinic';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { DataTable } from '#app/components/ui/DataTable';
import { ListHeader } from '#app/components/ui/ListHeader';
import { sortRows } from '#app/components/ui/tableData';
import { listEmptyText, listLoaded } from '#app/lib/listEmptyText';
import { useMirrorRows } from '#app/lib/mirror/mirrorRows';
import { useMirrorSync } from '#app/lib/mirror/sync';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { clinicColumns } from './clinicColumns.tsx';
import { ClinicFormDialog } from './ClinicFormDialog.tsx';
import { clinicName, clinicSortValue, DEFAULT_CLINIC_SORT, searchClinics } from './clinicList.ts';
import { DeleteClinicDialog } from './DeleteClinicDialog.tsx';
import './clinics.css';

export type ClinicsScreenProps = {
  /** The Add dialog lives in the address (?add=clinic), so the admin home's Add Clinic link opens it. */
  isAddOpen: boolean;
  onAddOpenChange: (isOpen: boolean) => void;
};

/** docs/spec.md §2 clinic browser (admin only), read from the mirror. */
export function ClinicsScreen({ isAddOpen, onAddOpenChange }: ClinicsScreenProps) {
  useDocumentTitle('Clinics');
  const sync = useMirrorSync('clinics');
  const clinics = useMirrorRows('clinics');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(DEFAULT_CLINIC_SORT);
  const [editing, setEditing] = useState<Clinic | null>(null);
  const [deleting, setDeleting] = useState<Clinic | null>(null);

  const shown = useMemo(
    () => sortRows(searchClinics(clinics.rows, search), sort, clinicSortValue),
    [clinics.rows, search, sort],
  );
  const columns = useMemo(() => clinicColumns({ onEdit: setEditing, onDelete: setDeleting }), []);

  return (
    <Card width="wide" className="list-screen">
      <ListHeader title="Clinics" search={search} onSearchChange={setSearch}>
        <Button onPress={() => onAddOpenChange(true)}>Add Clinic</Button>
      </ListHeader>
      <DataTable
        className="clinics-table data-table--one-line"
        hasAreaLayout
        label="Clinics"
        columns={columns}
        rows={shown}
        rowId={(c) => c.ClinicID}
        rowLabel={clinicName}
        sort={sort}
        onSortChange={setSort}
        resetPageOn={search}
        emptyText={listEmptyText({
          ready: listLoaded(clinics.ready, clinics.rows.length, sync),
          failed: sync.isError,
          searching: search.trim() !== '',
        })}
      />
      {isAddOpen && <ClinicFormDialog onClose={() => onAddOpenChange(false)} />}
      {editing && <ClinicFormDialog clinic={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteClinicDialog clinic={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
