import { MESSAGES } from '#shared/messages';
import type { Clinician } from '#shared/records/clinician';
import type { DataColumn } from '#app/components/ui/DataTable';
import { DeleteIcon, EditIcon } from '#app/components/ui/icons';
import { RowActionButton } from '#app/components/ui/RowAction';
import { formatDateTime } from '#app/lib/dateTime';
import type { ClinicianRow } from './clinicianList.ts';

export type ClinicianActions = { onEdit: (record: Clinician) => void; onDelete: (record: Clinician) => void };

/** docs/spec.md §2 clinician browser: last updated, forename, surname, clinics, email, username, edit, delete. */
export function clinicianColumns({ onEdit, onDelete }: ClinicianActions): DataColumn<ClinicianRow>[] {
  return [
    {
      id: 'lastUpdated',
      name: 'Last Updated',
      allowsSorting: true,
      render: (r) => formatDateTime(r.record.DateModified),
    },
    {
      id: 'forename',
      name: 'Forename',
      allowsSorting: true,
      isRowHeader: true,
      // An unnamed clinician still needs a readable row (docs/spec.md §2 'Unnamed Clinician').
      render: (r) => (r.record.Forename || r.record.Surname ? r.record.Forename : MESSAGES.unnamedClinician),
    },
    { id: 'surname', name: 'Surname', allowsSorting: true, isRowHeader: true, render: (r) => r.record.Surname },
    { id: 'clinics', name: 'Clinics', allowsSorting: true, render: (r) => r.clinics },
    { id: 'email', name: 'Email', allowsSorting: true, render: (r) => r.record.Email },
    { id: 'username', name: 'Username', allowsSorting: true, render: (r) => r.record.Username },
    {
      id: 'actions',
      name: 'Actions',
      kind: 'actions',
      actionCount: 2,
      render: (r) => (
        <>
          <RowActionButton
            label="Edit"
            name={`Edit ${r.name}`}
            icon={<EditIcon size={20} />}
            onPress={() => onEdit(r.record)}
            isIconOnly
          />
          <RowActionButton
            label="Delete"
            name={`Delete ${r.name}`}
            icon={<DeleteIcon size={20} />}
            onPress={() => onDelete(r.record)}
            isIconOnly
          />
        </>
      ),
    },
  ];
}
