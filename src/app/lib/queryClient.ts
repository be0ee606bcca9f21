import { QueryClient } from '@tanstack/react-query';

/**
 * ky already retries idempotent calls on network errors and 5xx (honouring Retry-After), so the
 * query layer does not retry again; a 401/403/404 would never succeed on a retry anyway.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    // Writes go through the outbox, which stores them offline; TanStack's default would pause them unstored.
    mutations: { retry: false, networkMode: 'always' },
  },
});
