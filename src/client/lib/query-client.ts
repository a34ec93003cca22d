import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, getJson, type UnauthorizedBehavior } from './api-client';
import { FIVE_MINUTES, TEN_MINUTES } from './cache-times';

/** The query key is the URL (docs/product/screens.md#talking-to-the-server). */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey, signal }) =>
    getJson<T>(queryKey.filter((part) => typeof part === 'string').join('/'), {
      on401: options.on401,
      signal,
    });
}

const RETRYABLE_REFUSALS = new Set([408, 429]);

/** Other 4xx are not retried: asking again gets the same answer. */
export function shouldRetryQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    if (!RETRYABLE_REFUSALS.has(error.status)) return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'returnNull' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: FIVE_MINUTES,
        gcTime: TEN_MINUTES,
        retry: shouldRetryQuery,
        retryDelay: 500,
        // Offline, a read fails and shows Retry instead of a skeleton waiting for ever.
        networkMode: 'always',
        // That mode turns this off by default; back online, a read that failed is asked again.
        refetchOnReconnect: true,
      },
      // Offline, a save fails at once instead of pausing behind a 'Saving...' that never ends.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
