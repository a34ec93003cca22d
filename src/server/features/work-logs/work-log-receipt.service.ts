// The receipt of a shift's expense (decision 046): one per shift, stored with it, checked and
// served like a payment's pay stub (decision 043).
import { sql } from 'drizzle-orm';
import { RECEIPT_MESSAGES } from '../../../shared/payment-file.ts';
import type { PaymentFile } from '../../../shared/schemas/payments.ts';
import type { Db } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PaymentFileUpload } from '../payments/payment-file.upload.ts';
import {
  putStoredFile,
  RECEIPTS,
  removeStoredFile,
  type StoredFile,
  storedFile,
} from '../payments/stored-file.ts';
import { workLogNotFound } from './work-logs.service.ts';

/** The same answer for another user's shift, a made-up one, and one with no receipt. */
const receiptNotFound = () => notFound(RECEIPT_MESSAGES.notFound);

/**
 * Attaches the receipt to the user's shift, replacing the one it had. Only a shift with an
 * expense amount takes one; a closed pay period does not refuse it, as a receipt changes no
 * figure of the period.
 */
export function attachReceipt(
  db: Db,
  userId: number,
  workLogId: number,
  upload: PaymentFileUpload,
): Promise<PaymentFile> {
  return transaction(
    db,
    async (tx) => {
      // The user's row is locked first (transaction): a shift deleted meanwhile is simply gone.
      const { rows: found } = await tx.execute<{ hasExpense: boolean }>(sql`
        select coalesce(expense_amount, 0) > 0 as "hasExpense"
          from work_logs
         where id = ${workLogId} and user_id = ${userId}
           for key share`);
      if (!found[0]) throw workLogNotFound();
      if (!found[0].hasExpense) {
        throw new AppError('validation_failed', 400, RECEIPT_MESSAGES.noExpense, {
          file: RECEIPT_MESSAGES.noExpense,
        });
      }
      return putStoredFile(tx, RECEIPTS, userId, workLogId, upload);
    },
    { userId },
  );
}

export async function receiptOf(db: Db, userId: number, workLogId: number): Promise<StoredFile> {
  const file = await storedFile(db, RECEIPTS, userId, workLogId);
  if (!file) throw receiptNotFound();
  return file;
}

export async function removeReceipt(db: Db, userId: number, workLogId: number): Promise<void> {
  const removed = await transaction(db, (tx) => removeStoredFile(tx, RECEIPTS, userId, workLogId), {
    userId,
  });
  if (!removed) throw receiptNotFound();
}
