import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Ledger } from '../../../../shared/schemas/payments.ts';
import { paymentKeys } from './query-keys';

/** Each employer's pay periods, what they should pay and what came in. A 401 gives null. */
export function getLedger(signal?: AbortSignal): Promise<Ledger | null> {
  return getJson<Ledger>('/api/payments/ledger', { on401: 'returnNull', signal });
}

export const ledgerQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.ledger, queryFn: ({ signal }) => getLedger(signal) });

/** Read by the Pay page and the dashboard's "Owed to you" card. */
export function useLedger() {
  return useQuery(ledgerQueryOptions());
}
