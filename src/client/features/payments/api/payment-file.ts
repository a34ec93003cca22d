import { sendForm, sendJson } from '@/lib/api-client';
import type { PaymentFile } from '../../../../shared/schemas/payments.ts';

/** The one file part the server reads (decision 043). */
export const PAYMENT_FILE_FIELD = 'file';

/** Where the attached file downloads from: served as an attachment, so a plain link will do. */
export const paymentFileUrl = (paymentId: number) => `/api/payments/${paymentId}/file`;

/** PUT /api/payments/:id/file: attaches the file, replacing the one the payment had. */
export function uploadPaymentFile(paymentId: number, file: File): Promise<PaymentFile> {
  const form = new FormData();
  form.append(PAYMENT_FILE_FIELD, file, file.name);
  return sendForm<PaymentFile>('PUT', paymentFileUrl(paymentId), form);
}

/** DELETE /api/payments/:id/file. */
export function removePaymentFile(paymentId: number): Promise<{ success: true }> {
  return sendJson<{ success: true }>('DELETE', paymentFileUrl(paymentId));
}
