// A file stored with one row of its owner (decisions 043 and 046): a payment's pay stub in
// payment_files, a shift's receipt in work_log_receipts. Both tables have the same columns but
// the owner's; these are the one way to store, read and remove such a file. The owner's own
// checks (it is the user's, it takes a file) stay with its service.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PaymentFileType } from '../../../shared/payment-file.ts';
import type { PaymentFile } from '../../../shared/schemas/payments.ts';
import type { Db, Tx } from '../../db/open.ts';
import type { PaymentFileUpload } from './payment-file.upload.ts';

/** Where one kind of file is kept: its table, and the column naming its owner's row. */
export interface FileStore {
  table: 'payment_files' | 'work_log_receipts';
  owner: 'payment_id' | 'work_log_id';
}

export const PAY_STUBS: FileStore = { table: 'payment_files', owner: 'payment_id' };
export const RECEIPTS: FileStore = { table: 'work_log_receipts', owner: 'work_log_id' };

export interface StoredFile {
  bytes: Buffer;
  contentType: PaymentFileType;
  fileName: string;
}

interface FileRow extends Record<string, unknown> {
  name: string;
  size: number;
  contentType: PaymentFileType;
  createdAt: Date | string;
}

type Executor = Db | Tx;

const names = (store: FileStore) => ({
  table: sql.identifier(store.table),
  owner: sql.identifier(store.owner),
});

/**
 * Stores the file of the user's owner row, replacing the one it had, inside the caller's
 * transaction, after the caller has found (and locked) that row as the user's.
 */
export async function putStoredFile(
  tx: Executor,
  store: FileStore,
  userId: number,
  ownerId: number,
  upload: PaymentFileUpload,
): Promise<PaymentFile> {
  const { table, owner } = names(store);
  const hash = createHash('sha256').update(upload.bytes).digest('hex').slice(0, 16);
  const { rows } = await tx.execute<FileRow>(sql`
    insert into ${table} (${owner}, user_id, bytes, content_type, file_name, byte_size, hash)
    values (${ownerId}, ${userId}, ${upload.bytes}, ${upload.contentType}, ${upload.fileName},
            ${upload.bytes.length}, ${hash})
    on conflict (${owner}) do update
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
}

/** The user's file of that owner's row, or null: another user's row is the same as none. */
export async function storedFile(
  db: Executor,
  store: FileStore,
  userId: number,
  ownerId: number,
): Promise<StoredFile | null> {
  const { table, owner } = names(store);
  const { rows } = await db.execute<{
    bytes: Buffer;
    contentType: PaymentFileType;
    fileName: string;
  }>(sql`
    select bytes, content_type as "contentType", file_name as "fileName"
      from ${table}
     where ${owner} = ${ownerId} and user_id = ${userId}`);
  return rows[0] ?? null;
}

/** Removes the user's file of that owner's row; answers whether there was one. */
export async function removeStoredFile(
  tx: Executor,
  store: FileStore,
  userId: number,
  ownerId: number,
): Promise<boolean> {
  const { table, owner } = names(store);
  const { rows } = await tx.execute(sql`
    delete from ${table} where ${owner} = ${ownerId} and user_id = ${userId}
    returning ${owner}`);
  return rows.length > 0;
}
