import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { handleAccessTokenInvalid } from './lib/api.ts';
import { queryClient } from './lib/queryClient.ts';
import { router } from './router.ts';
import './styles.css';

// Spec §4/§8: 'Access token is invalid' forces a logout (already done by the api client) and /login.
handleAccessTokenInvalid(() => {
  queryClient.clear();
  const { href } = router.state.location;
  void router.navigate({ to: '/login', search: { redirect: href }, replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
