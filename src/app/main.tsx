// First: zod must find its CSP-safe setting before any chunk that uses it loads.
import './lib/zodJitless.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { handleAccessTokenInvalid } from './lib/api.ts';
import { endedSessionStore } from './lib/endedSession.ts';
import { queryClient } from './lib/queryClient.ts';
import { router } from './router.ts';
import { loginStore } from './lib/storedLogin.ts';
import { hasVaultKey } from './lib/vault/vaultKeyStorage.ts';
import './styles.css';
import './print.css';

// docs/spec.md §4/§8: 'Access token is invalid' forces a logout (already done by the api client) and /login.
handleAccessTokenInvalid((login, reason) => {
  queryClient.clear();
  // On demand, so Dexie stays out of the login page's bundle. The login pages then say how many changes wait.
  void import('./lib/mirror/clearMirror.ts')
    .then((m) => m.releaseMirror(login))
    .then((waiting) => endedSessionStore.ended(login, waiting, reason));
  const { href } = router.state.location;
  void router.navigate({ to: '/login', search: { redirect: href }, replace: true });
});

// A login kept without its vault key (a tab from before the device kept its data sealed) cannot read or write the
// device's copy: the user logs in again, which opens the vault.
if (loginStore.read() && !hasVaultKey()) loginStore.clear();

// The bench build's hook for tests/bench/patientMirror.ts; the product build drops this branch.
if (import.meta.env.BENCH_BUILD) void import('#bench/patientMirrorBench').then((m) => m.installPatientMirrorBench());

// The service worker (offline shell and session files, docs/design.md Data flow 6–7) only in builds: dev serves from source.
if (import.meta.env.PROD) {
  void import('./lib/pwa/registerServiceWorker.ts').then((m) => m.registerServiceWorker());
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
