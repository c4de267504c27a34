// TanStack Query for server state. Its provider wraps only the pages that read server state (the
// dashboard, the legal pages), so the landing page does not download it (docs/benchmarks.md).
import type { ReactNode } from 'react';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { useSession } from './session';

// Cache changes reach the screen in the same task rather than a setTimeout(0) later: a blow in the
// combat view (written to the cache at once) paints in the next frame, not the one after
// (docs/benchmarks.md, "Combat simulator").
notifyManager.setScheduler(queueMicrotask);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The first part of every per-user query key, so one account's cached answers never show to the next. */
export function useUserId(): string {
  return useSession()?.user._id ?? 'anonymous';
}
