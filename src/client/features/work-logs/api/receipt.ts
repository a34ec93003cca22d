import { sendForm, sendJson } from '@/lib/api-client';
import type { UploadedFile } from '../../../../shared/schemas/uploaded-file.ts';

/** Where the receipt downloads from: served as an attachment, so a plain link will do. */
export const receiptUrl = (workLogId: number) => `/api/work-logs/${workLogId}/receipt`;

/** PUT /api/work-logs/:id/receipt: attaches the receipt, replacing the one the shift had. */
export function uploadReceipt(workLogId: number, file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendForm<UploadedFile>('PUT', receiptUrl(workLogId), form);
}

/** DELETE /api/work-logs/:id/receipt. */
export function removeReceipt(workLogId: number): Promise<{ success: true }> {
  return sendJson<{ success: true }>('DELETE', receiptUrl(workLogId));
}
