import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, getJson, type UnauthorizedBehavior } from './api-client';
import { FIVE_MINUTES, TEN_MINUTES } from './cache-times';

/** The default fetcher: the query key is the URL (SPEC.md §7), its parts joined by '/'. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey, signal }) =>
    getJson<T>(queryKey.filter((part) => typeof part === 'string').join('/'), {
      on401: options.on401,
      signal,
    });
}

/**
 * Reads retry up to twice (SPEC.md §7), never after a 401: the session is gone and asking
 * again won't help. Decided on the status, never on the message text.
 */
export function shouldRetryQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status === 401) return false;
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
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
