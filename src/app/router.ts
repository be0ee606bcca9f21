import { createRouter } from '@tanstack/react-router';
import { queryClient } from './lib/queryClient.ts';
import { routeTree } from './routes/routeTree.ts';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  // Server data is cached by TanStack Query, not by the router.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  // Declaration merging needs an interface; a type alias cannot augment the library's Register.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    router: typeof router;
  }
}
