import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Payment } from '../../../../shared/schemas/payments.ts';
import { paymentKeys } from './query-keys';

/** The payments received, newest first. A 401 gives null. */
export async function getPayments(signal?: AbortSignal): Promise<Payment[] | null> {
  const body = await getJson<{ payments: Payment[] }>('/api/payments', {
    on401: 'returnNull',
    signal,
  });
  return body?.payments ?? null;
}

export const paymentsQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.list, queryFn: ({ signal }) => getPayments(signal) });

export function usePayments() {
  return useQuery(paymentsQueryOptions());
}
