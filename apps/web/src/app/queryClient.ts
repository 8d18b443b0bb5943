import { QueryClient } from '@tanstack/react-query';

// Errors are already shown by the API client, so a failed query is not retried into a second notice.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
