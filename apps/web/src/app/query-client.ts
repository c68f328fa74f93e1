import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Offline, a query waits (TanStack Query's onlineManager) and is made again when the connection returns.
      refetchOnReconnect: true,
      // Client errors will not fix themselves; network hiccups may.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
    // A save while offline fails at once and says the connection was lost, rather than waiting unseen for it to
    // return: the person decides to save again, and the form keeps what they typed (issue 30).
    mutations: { networkMode: 'always' },
  },
});
