import type { DataColumn } from '#app/components/ui/DataTable';
import { DeleteIcon, DownloadIcon, EditIcon } from '#app/components/ui/icons';
import { RowActionButton } from '#app/components/ui/RowAction';
import { formatDateTime } from '#app/lib/dateTime';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { NOT_YET_SENT } from '#app/lib/mirror/pendingPatients';
import { ageInYears, patientName, sexLabel } from './patientText.ts';

export type RowActions = {
  onEdit: (patient: MirroredPatient) => void;
  onDelete: (patient: MirroredPatient) => void;
  /** The patient's FHIR R4 Bundle, when the route offers it. */
  onExportFhir?: (patient: MirroredPatient) => void;
};

/**
 * The patient browser's columns (docs/spec.md §2); ReadOnly patients cannot be edited or deleted. A patient added on
 * this device and not sent yet (`pendingIds`) says so beside its ID.
 */
export function patientColumns(
  { onEdit, onDelete, onExportFhir }: RowActions,
  now: number,
  pendingIds: ReadonlySet<string>,
): DataColumn<MirroredPatient>[] {
  return [
    { id: 'lastUpdated', name: 'Last Updated', allowsSorting: true, render: (p) => formatDateTime(p.DateModified) },
    {
      id: 'id',
      name: 'ID',
      allowsSorting: true,
      isRowHeader: true,
      render: (p) =>
        pendingIds.has(p.UniquePatientID) ? (
          <>
            {p.GivenPatientID} <span className="pending-mark">{NOT_YET_SENT}</span>
          </>
        ) : (
          p.GivenPatientID
        ),
    },
    { id: 'forename', name: 'Forename', allowsSorting: true, render: (p) => p.Forename },
    { id: 'surname', name: 'Surname', allowsSorting: true, render: (p) => p.Surname },
    { id: 'clinics', name: 'Clinics', allowsSorting: true, render: (p) => p.ClinicNames },
    { id: 'clinicians', name: 'Clinicians', allowsSorting: true, render: (p) => p.Clinicians },
    { id: 'sex', name: 'Sex', allowsSorting: true, render: (p) => sexLabel(p.Sex) },
    { id: 'age', name: 'Age', allowsSorting: true, render: (p) => ageInYears(p.DOB, now) ?? '' },
    {
      id: 'actions',
      name: 'Actions',
      kind: 'actions',
      actionCount: onExportFhir ? 3 : 2,
      render: (p) => (
        <>
          <RowActionButton
            label="Edit"
            name={`Edit ${patientName(p)}`}
            icon={<EditIcon size={20} />}
            isDisabled={p.ReadOnly}
            onPress={() => onEdit(p)}
            isIconOnly
          />
          <RowActionButton
            label="Delete"
            name={`Delete ${patientName(p)}`}
            icon={<DeleteIcon size={20} />}
            isDisabled={p.ReadOnly}
            onPress={() => onDelete(p)}
            isIconOnly
          />
          {onExportFhir && (
            <RowActionButton
              label="FHIR"
              name={`FHIR export of ${patientName(p)}`}
              icon={<DownloadIcon size={20} />}
              onPress={() => onExportFhir(p)}
              isIconOnly
            />
          )}
        </>
      ),
    },
  ];
}
