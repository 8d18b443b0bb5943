import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { onSessionEnd } from './session';

// Errors are already shown by the API client, so a failed query is not retried into a second notice.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Lists answer crop and task-type names in the request's language: refetch them when it changes.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());

// The query cache is loaded with the console, not with the sign-in page: it empties itself when a session
// ends, after the current render (the pages being left must not refetch into the emptied cache).
onSessionEnd(() => setTimeout(() => queryClient.clear(), 0));
