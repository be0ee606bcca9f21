import type { Clinic } from '#shared/records/clinic';
import type { DataColumn } from '#app/components/ui/DataTable';
import { DeleteIcon, EditIcon } from '#app/components/ui/icons';
import { RowActionButton } from '#app/components/ui/RowAction';
import { formatDateTime } from '#app/lib/dateTime';
import { clinicName } from './clinicList.ts';

export type ClinicActions = { onEdit: (clinic: Clinic) => void; onDelete: (clinic: Clinic) => void };

/** docs/spec.md §2 clinic browser: last updated, company name, contact forename, surname, number, address, edit, delete. */
export function clinicColumns({ onEdit, onDelete }: ClinicActions): DataColumn<Clinic>[] {
  return [
    { id: 'lastUpdated', name: 'Last Updated', allowsSorting: true, render: (c) => formatDateTime(c.DateModified) },
    { id: 'name', name: 'Company Name', allowsSorting: true, isRowHeader: true, render: clinicName },
    { id: 'contactForename', name: 'Contact Forename', allowsSorting: true, render: (c) => c.ContactForename },
    { id: 'contactSurname', name: 'Contact Surname', allowsSorting: true, render: (c) => c.ContactSurname },
    { id: 'contactNumber', name: 'Contact Number', allowsSorting: true, render: (c) => c.ContactNumber },
    { id: 'address', name: 'Address', allowsSorting: true, render: (c) => c.Address },
    {
      id: 'actions',
      name: 'Actions',
      kind: 'actions',
      actionCount: 2,
      render: (c) => (
        <>
          <RowActionButton
            label="Edit"
            name={`Edit ${clinicName(c)}`}
            icon={<EditIcon size={20} />}
            onPress={() => onEdit(c)}
            isIconOnly
          />
          <RowActionButton
            label="Delete"
            name={`Delete ${clinicName(c)}`}
            icon={<DeleteIcon size={20} />}
            onPress={() => onDelete(c)}
            isIconOnly
          />
        </>
      ),
    },
  ];
}
