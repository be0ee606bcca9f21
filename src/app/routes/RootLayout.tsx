import { lazy, Suspense } from 'react';
import { UpdatePrompt } from '#app/features/offline/UpdatePrompt';
import { AppShell } from '#app/features/shell/AppShell';
import { useStoredLogin } from '#app/lib/useStoredLogin';

// The outbox corner and the pending keeps read Dexie, which must stay out of the login page's bundle.
const OutboxStatus = lazy(() => import('#app/features/outbox/OutboxStatus').then((m) => ({ default: m.OutboxStatus })));
const PendingKeeps = lazy(() =>
  import('#app/features/offline/PendingKeeps').then((m) => ({ default: m.PendingKeeps })),
);

/** Every page's frame, composed from the shell, the outbox corner, the update prompt and work done while logged in. */
export function RootLayout() {
  const login = useStoredLogin();
  return (
    <AppShell
      OutboxStatus={OutboxStatus}
      updatePrompt={<UpdatePrompt />}
      background={
        login && (
          <Suspense>
            <PendingKeeps login={login} />
          </Suspense>
        )
      }
    />
  );
}
