import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { lazy } from 'react';
import { SessionsScreen } from '#app/features/sessions/SessionsScreen';

// The dialogs are not needed for the list's first paint: their code (the report engine, zip, react-aria's overlays)
// loads when one is first opened, so a phone on a slow network shows the sessions sooner. (The service worker
// precaches every chunk, so once installed they open at once, offline too.)
const ReportDialog = lazy(() =>
  import('#app/features/reports/ReportDialog').then((m) => ({ default: m.ReportDialog })),
);
const KeepOfflineDialog = lazy(() =>
  import('#app/features/offline/KeepOfflineDialog').then((m) => ({ default: m.KeepOfflineDialog })),
);
const ExportDialog = lazy(() =>
  import('#app/features/exports/ExportDialog').then((m) => ({ default: m.ExportDialog })),
);

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
