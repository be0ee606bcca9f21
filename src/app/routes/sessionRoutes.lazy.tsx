import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { ExportDialog } from '#app/features/exports/ExportDialog';
import { KeepOfflineDialog } from '#app/features/offline/KeepOfflineDialog';
import { ReportDialog } from '#app/features/reports/ReportDialog';
import { SessionsScreen } from '#app/features/sessions/SessionsScreen';

const sessions = getRouteApi('/$type/sessions');

export const sessionsLazyRoute = createLazyRoute('/$type/sessions')({
  component: function SessionsPage() {
    const { type } = sessions.useParams();
    const { patient } = sessions.useSearch();
    // A new ?patient= link starts the screen afresh with that patient chosen.
    return (
      <SessionsScreen
        key={`${type}-${patient ?? ''}`}
        type={type}
        patientId={patient}
        ReportDialog={ReportDialog}
        KeepOfflineDialog={KeepOfflineDialog}
        ExportDialog={ExportDialog}
      />
    );
  },
});
