import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, getJson, type UnauthorizedBehavior } from './api-client';
import { FIVE_MINUTES, TEN_MINUTES } from './cache-times';

/** The default fetcher: the query key is the URL (docs/product/screens.md#talking-to-the-server), its parts joined by '/'. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey, signal }) =>
    getJson<T>(queryKey.filter((part) => typeof part === 'string').join('/'), {
      on401: options.on401,
      signal,
    });
}

/** Refusals that can pass if asked again: the server timed out (408) or asked us to slow down (429). */
const RETRYABLE_REFUSALS = new Set([408, 429]);

/** Twice at most, and never for a 4xx but 408 and 429: asking again gets the same answer. */
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
        // Asked even when the browser says it is offline: the read fails and the page shows
        // its error and Retry, instead of a skeleton that waits for the network for ever.
        networkMode: 'always',
        // That mode turns this off by default; back online, a read that failed is asked again.
        refetchOnReconnect: true,
      },
      // A save offline fails at once and says so (NetworkError), instead of pausing behind a
      // 'Saving...' that never ends; the form keeps what was typed for the next try.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
