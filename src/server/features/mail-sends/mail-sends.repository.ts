import { and, eq } from 'drizzle-orm';
import type { MailSend } from '../../../shared/schemas/mail-account.ts';
import type { Executor } from '../../db/open.ts';
import { mailSends, timesheets } from '../../db/schema/index.ts';

export type MailSendRow = typeof mailSends.$inferSelect;
export type NewMailSend = typeof mailSends.$inferInsert;

const listColumns = {
  id: mailSends.id,
  status: mailSends.status,
  toAddress: mailSends.toAddress,
  subject: mailSends.subject,
  attachmentName: mailSends.attachmentName,
  timesheetId: mailSends.timesheetId,
  error: mailSends.error,
  createdAt: mailSends.createdAt,
  sentAt: mailSends.sentAt,
};

export function toMailSend(row: {
  id: number;
  status: string;
  toAddress: string;
  subject: string;
  attachmentName: string | null;
  timesheetId: number | null;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}): MailSend {
  return {
    id: row.id,
    status: row.status as MailSend['status'],
    to: row.toAddress,
    subject: row.subject,
    attachmentName: row.attachmentName,
    timesheetId: row.timesheetId,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function insertMailSend(db: Executor, row: NewMailSend): Promise<MailSend> {
  const [inserted] = await db.insert(mailSends).values(row).returning(listColumns);
  if (!inserted) throw new Error('mail_sends insert returned no row');
  return toMailSend(inserted);
}

export async function findMailSend(
  db: Executor,
  userId: number,
  id: number,
): Promise<MailSend | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(mailSends)
    .where(and(eq(mailSends.id, id), eq(mailSends.userId, userId)));
  return row && toMailSend(row);
}

export async function loadMailSend(db: Executor, id: number): Promise<MailSendRow | undefined> {
  const [row] = await db.select().from(mailSends).where(eq(mailSends.id, id));
  return row;
}

/** Shown by the client while it waits. */
export async function noteSendError(db: Executor, id: number, error: string): Promise<void> {
  await db
    .update(mailSends)
    .set({ error })
    .where(and(eq(mailSends.id, id), eq(mailSends.status, 'queued')));
}

/** The body and the bytes go, the reason stays. */
export async function failMailSend(db: Executor, id: number, error: string): Promise<void> {
  await db
    .update(mailSends)
    .set({ status: 'failed', error, bodySealed: null, attachment: null })
    .where(and(eq(mailSends.id, id), eq(mailSends.status, 'queued')));
}

/** It may have been sent: body and bytes stay for the user's "Send again". */
export async function markUnconfirmed(db: Executor, id: number, error: string): Promise<void> {
  await db
    .update(mailSends)
    .set({ status: 'unconfirmed', error })
    .where(and(eq(mailSends.id, id), eq(mailSends.status, 'queued')));
}

export async function requeueUnconfirmed(
  db: Executor,
  userId: number,
  id: number,
): Promise<MailSend | undefined> {
  const [row] = await db
    .update(mailSends)
    .set({ status: 'queued', error: null })
    .where(
      and(eq(mailSends.id, id), eq(mailSends.userId, userId), eq(mailSends.status, 'unconfirmed')),
    )
    .returning(listColumns);
  return row && toMailSend(row);
}

/** Only if it is still that user's. */
export async function markMailSent(db: Executor, row: MailSendRow, sentAt: Date): Promise<void> {
  await db
    .update(mailSends)
    .set({ status: 'sent', sentAt, error: null, bodySealed: null, attachment: null })
    .where(and(eq(mailSends.id, row.id), eq(mailSends.status, 'queued')));
  if (row.timesheetId !== null) {
    await db
      .update(timesheets)
      .set({ status: 'sent', sentTo: row.toAddress, sentAt })
      .where(and(eq(timesheets.id, row.timesheetId), eq(timesheets.userId, row.userId)));
  }
}
