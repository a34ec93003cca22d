import { queryOptions, useQuery } from '@tanstack/react-query';
import { FIVE_MINUTES } from '@/lib/cache-times';
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
