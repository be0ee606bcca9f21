import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { FhirExportDialog } from '#app/features/exports/FhirExportDialog';
import { PatientsScreen } from '#app/features/patients/PatientsScreen';
import { GroupReportDialog } from '#app/features/reports/GroupReportDialog';

const patients = getRouteApi('/$type/patients');

export const patientsLazyRoute = createLazyRoute('/$type/patients')({
  component: function PatientsPage() {
    const { type } = patients.useParams();
    const { add } = patients.useSearch();
    const navigate = patients.useNavigate();
    return (
      <PatientsScreen
        key={type}
        type={type}
        isAddRequested={add === 'patient'}
        onAddRequestHandled={() => void navigate({ search: {}, replace: true })}
        FhirExportDialog={FhirExportDialog}
        GroupReportDialog={GroupReportDialog}
      />
    );
  },
});
