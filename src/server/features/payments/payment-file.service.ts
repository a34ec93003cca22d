// A pay stub or invoice attached to a payment (decision 043): one per payment, stored with it.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PAYMENT_FILE_MESSAGES, type PaymentFileType } from '../../../shared/payment-file.ts';
import { PAYMENT_MESSAGES, type PaymentFile } from '../../../shared/schemas/payments.ts';
import type { Db } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import type { PaymentFileUpload } from './payment-file.upload.ts';

/** The same answer for another user's payment, a made-up one, and one with no file. */
const fileNotFound = () => notFound(PAYMENT_FILE_MESSAGES.notFound);

interface FileRow extends Record<string, unknown> {
  name: string;
  size: number;
  contentType: PaymentFileType;
  createdAt: Date | string;
}

const viewOf = (row: FileRow): PaymentFile => ({
  name: row.name,
  size: row.size,
  contentType: row.contentType,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** Attaches the file to the user's payment, replacing the one it had. */
export function attachPaymentFile(
  db: Db,
  userId: number,
  paymentId: number,
  upload: PaymentFileUpload,
): Promise<PaymentFile> {
  const hash = createHash('sha256').update(upload.bytes).digest('hex').slice(0, 16);
  return transaction(
    db,
    async (tx) => {
      // The user's row is locked first (transaction): a payment deleted meanwhile is simply gone.
      const { rows } = await tx.execute<FileRow>(sql`
        insert into payment_files
               (payment_id, user_id, bytes, content_type, file_name, byte_size, hash)
        select p.id, p.user_id, ${upload.bytes}, ${upload.contentType}, ${upload.fileName},
               ${upload.bytes.length}, ${hash}
          from payments p
         where p.id = ${paymentId} and p.user_id = ${userId}
        on conflict (payment_id) do update
           set bytes = excluded.bytes, content_type = excluded.content_type,
               file_name = excluded.file_name, byte_size = excluded.byte_size,
               hash = excluded.hash, created_at = now()
        returning file_name as name, byte_size as size, content_type as "contentType",
                  created_at as "createdAt"`);
      if (!rows[0]) throw notFound(PAYMENT_MESSAGES.notFound);
      return viewOf(rows[0]);
    },
    { userId },
  );
}

export interface StoredPaymentFile {
  bytes: Buffer;
  contentType: PaymentFileType;
  fileName: string;
}

export async function paymentFile(
  db: Db,
  userId: number,
  paymentId: number,
): Promise<StoredPaymentFile> {
  const { rows } = await db.execute<{
    bytes: Buffer;
    contentType: PaymentFileType;
    fileName: string;
  }>(sql`
    select bytes, content_type as "contentType", file_name as "fileName"
      from payment_files
     where payment_id = ${paymentId} and user_id = ${userId}`);
  if (!rows[0]) throw fileNotFound();
  return rows[0];
}

export async function removePaymentFile(db: Db, userId: number, paymentId: number): Promise<void> {
  const removed = await transaction(
    db,
    async (tx) => {
      const { rows } = await tx.execute(sql`
        delete from payment_files where payment_id = ${paymentId} and user_id = ${userId}
        returning payment_id`);
      return rows.length > 0;
    },
    { userId },
  );
  if (!removed) throw fileNotFound();
}
