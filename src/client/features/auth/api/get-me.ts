import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { FIVE_MINUTES } from '@/lib/cache-times';
import type { User } from '../../../../shared/schemas/auth.ts';
import { getMe, meQueryKey } from './get-me-fetcher';

export { getMe, meQueryKey };

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: FIVE_MINUTES,
    retry: false,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

export function setSignedInUser(queryClient: QueryClient, user: User | null) {
  queryClient.setQueryData(meQueryKey, user);
}

/** Shows a change at once everywhere the user is read, then asks the server for the rest. */
export function patchSignedInUser(queryClient: QueryClient, change: Partial<User>) {
  queryClient.setQueryData<User | null>(meQueryKey, (user) =>
    user ? { ...user, ...change } : user,
  );
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}
