import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import { paymentKeys } from './query-keys';

type PeriodRef = { employerId: number; periodStart: string };

/** POST /api/payments/periods/close: the period's shifts are locked until it is reopened. */
export function useClosePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: PeriodRef) =>
      sendJson<{ success: true }>('POST', '/api/payments/periods/close', ref),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.ledger }),
  });
}

/** POST /api/payments/periods/reopen, with the reason the period's history keeps. */
export function useReopenPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PeriodRef & { reason: string }) =>
      sendJson<{ success: true }>('POST', '/api/payments/periods/reopen', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.ledger }),
  });
}
