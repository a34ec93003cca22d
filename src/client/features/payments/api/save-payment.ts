import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type {
  CreatePaymentBody,
  PaymentSaved,
  UpdatePaymentBody,
} from '../../../../shared/schemas/payments.ts';
import { paymentKeys } from './query-keys';

export type SavePaymentVariables =
  | { id?: undefined; body: CreatePaymentBody }
  | { id: number; body: UpdatePaymentBody };

/** A payment changes what each period received: the ledger (the dashboard's card too) and the list. */
export function invalidatePayments(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentKeys.ledger }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.list }),
  ]).then(() => undefined);
}

/** POST /api/payments, or PATCH /api/payments/:id. */
export function useSavePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SavePaymentVariables) =>
      id === undefined
        ? sendJson<PaymentSaved>('POST', '/api/payments', body)
        : sendJson<PaymentSaved>('PATCH', `/api/payments/${id}`, body),
    onSuccess: () => void invalidatePayments(queryClient),
  });
}

/** DELETE /api/payments/:id: the periods it paid are owed again. */
export function useDeletePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<{ success: true }>('DELETE', `/api/payments/${id}`),
    onSuccess: () => void invalidatePayments(queryClient),
  });
}
