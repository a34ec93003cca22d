// A pay stub or invoice attached to a payment (decision 043): one per payment, stored with it.
import { sql } from 'drizzle-orm';
import { PAYMENT_FILE_MESSAGES } from '../../../shared/payment-file.ts';
import { PAYMENT_MESSAGES, type PaymentFile } from '../../../shared/schemas/payments.ts';
import type { Db } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import type { PaymentFileUpload } from './payment-file.upload.ts';
import {
  PAY_STUBS,
  putStoredFile,
  removeStoredFile,
  type StoredFile,
  storedFile,
} from './stored-file.ts';

/** The same answer for another user's payment, a made-up one, and one with no file. */
const fileNotFound = () => notFound(PAYMENT_FILE_MESSAGES.notFound);

/** Attaches the file to the user's payment, replacing the one it had. */
export function attachPaymentFile(
  db: Db,
  userId: number,
  paymentId: number,
  upload: PaymentFileUpload,
): Promise<PaymentFile> {
  return transaction(
    db,
    async (tx) => {
      // The user's row is locked first (transaction): a payment deleted meanwhile is simply gone.
      const { rows } = await tx.execute(sql`
        select id from payments where id = ${paymentId} and user_id = ${userId} for key share`);
      if (!rows[0]) throw notFound(PAYMENT_MESSAGES.notFound);
      return putStoredFile(tx, PAY_STUBS, userId, paymentId, upload);
    },
    { userId },
  );
}

export async function paymentFile(db: Db, userId: number, paymentId: number): Promise<StoredFile> {
  const file = await storedFile(db, PAY_STUBS, userId, paymentId);
  if (!file) throw fileNotFound();
  return file;
}

export async function removePaymentFile(db: Db, userId: number, paymentId: number): Promise<void> {
  const removed = await transaction(
    db,
    (tx) => removeStoredFile(tx, PAY_STUBS, userId, paymentId),
    { userId },
  );
  if (!removed) throw fileNotFound();
}
