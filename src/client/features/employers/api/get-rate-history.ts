import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { RateHistory } from '../../../../shared/schemas/employers.ts';
import { employerKeys } from './query-keys';

/** Under the employers' key, so every save that refreshes them refreshes this too. */
export const rateHistoryKey = (id: number) => [...employerKeys.all, id, 'rate-history'] as const;

export async function getRateHistory(id: number, signal?: AbortSignal): Promise<RateHistory> {
  const history = await getJson<RateHistory>(`/api/employers/${id}/rate-history`, {
    on401: 'throw',
    signal,
  });
  return history!;
}

export const rateHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: rateHistoryKey(id),
    queryFn: ({ signal }) => getRateHistory(id, signal),
  });

export function useRateHistory(id: number | undefined) {
  return useQuery({ ...rateHistoryQueryOptions(id ?? 0), enabled: id !== undefined });
}
