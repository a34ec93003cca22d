import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Employer } from '../../../../shared/schemas/employers.ts';

export const employersQueryKey = ['/api/employers'] as const;

/** Oldest first, as the server lists them. A 401 gives an empty list (docs/product/screens.md#talking-to-the-server). */
export async function getEmployers(signal?: AbortSignal): Promise<Employer[]> {
  return (await getJson<Employer[]>('/api/employers', { on401: 'returnNull', signal })) ?? [];
}

export const employersQueryOptions = () =>
  queryOptions({ queryKey: employersQueryKey, queryFn: ({ signal }) => getEmployers(signal) });

export function useEmployers() {
  return useQuery(employersQueryOptions());
}
