// The receipt of a shift's expense (decision 046): one per shift, stored with it, checked and
// served like a payment's pay stub (decision 043).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type PaymentFileType, RECEIPT_MESSAGES } from '../../../shared/payment-file.ts';
import type { PaymentFile } from '../../../shared/schemas/payments.ts';
import type { Db } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PaymentFileUpload } from '../payments/payment-file.upload.ts';
import { workLogNotFound } from './work-logs.service.ts';

/** The same answer for another user's shift, a made-up one, and one with no receipt. */
const receiptNotFound = () => notFound(RECEIPT_MESSAGES.notFound);

interface ReceiptRow extends Record<string, unknown> {
  name: string;
  size: number;
  contentType: PaymentFileType;
  createdAt: Date | string;
}

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
  const hash = createHash('sha256').update(upload.bytes).digest('hex').slice(0, 16);
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
      const { rows } = await tx.execute<ReceiptRow>(sql`
        insert into work_log_receipts
               (work_log_id, user_id, bytes, content_type, file_name, byte_size, hash)
        values (${workLogId}, ${userId}, ${upload.bytes}, ${upload.contentType},
                ${upload.fileName}, ${upload.bytes.length}, ${hash})
        on conflict (work_log_id) do update
           set bytes = excluded.bytes, content_type = excluded.content_type,
               file_name = excluded.file_name, byte_size = excluded.byte_size,
               hash = excluded.hash, created_at = now()
        returning file_name as name, byte_size as size, content_type as "contentType",
                  created_at as "createdAt"`);
      const row = rows[0]!;
      return {
        name: row.name,
        size: row.size,
        contentType: row.contentType,
        createdAt: new Date(row.createdAt).toISOString(),
      };
    },
    { userId },
  );
}

export interface StoredReceipt {
  bytes: Buffer;
  contentType: PaymentFileType;
  fileName: string;
}

export async function receiptOf(db: Db, userId: number, workLogId: number): Promise<StoredReceipt> {
  const { rows } = await db.execute<{
    bytes: Buffer;
    contentType: PaymentFileType;
    fileName: string;
  }>(sql`
    select bytes, content_type as "contentType", file_name as "fileName"
      from work_log_receipts
     where work_log_id = ${workLogId} and user_id = ${userId}`);
  if (!rows[0]) throw receiptNotFound();
  return rows[0];
}

export async function removeReceipt(db: Db, userId: number, workLogId: number): Promise<void> {
  const removed = await transaction(
    db,
    async (tx) => {
      const { rows } = await tx.execute(sql`
        delete from work_log_receipts where work_log_id = ${workLogId} and user_id = ${userId}
        returning work_log_id`);
      return rows.length > 0;
    },
    { userId },
  );
  if (!removed) throw receiptNotFound();
}
