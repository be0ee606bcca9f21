import { lazy } from 'react';
import { UpdatePrompt } from '#app/features/offline/UpdatePrompt';
import { AppShell } from '#app/features/shell/AppShell';

// The outbox corner reads Dexie, which must stay out of the login page's bundle.
const OutboxStatus = lazy(() => import('#app/features/outbox/OutboxStatus').then((m) => ({ default: m.OutboxStatus })));

/** Every page's frame, composed from the shell, the outbox corner and the update prompt. */
export function RootLayout() {
  return <AppShell OutboxStatus={OutboxStatus} updatePrompt={<UpdatePrompt />} />;
}
