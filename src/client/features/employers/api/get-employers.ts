import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { employerKeys } from './query-keys';

export { employerKeys };

/** Asks the employers again (another feature changed what they show, e.g. a last report). */
export function invalidateEmployers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: employerKeys.all });
}

/** Oldest first, as the server lists them. A 401 gives an empty list (docs/product/screens.md#talking-to-the-server). */
export async function getEmployers(signal?: AbortSignal): Promise<Employer[]> {
  return (await getJson<Employer[]>('/api/employers', { on401: 'returnNull', signal })) ?? [];
}

export const employersQueryOptions = () =>
  queryOptions({ queryKey: employerKeys.all, queryFn: ({ signal }) => getEmployers(signal) });

export function useEmployers() {
  return useQuery(employersQueryOptions());
}
