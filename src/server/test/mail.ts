import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/open.ts';
import { jobs } from '../db/schema/index.ts';
import { MAIL_SEND_JOB, openMailBody } from '../mail/mail-job.ts';
import { TEST_APP_SECRET } from './app.ts';

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The instance mails queued so far (the test app runs no worker, so they stay in `jobs`),
 * oldest first; only those to `to` when given.
 */
export async function queuedMails(db: Db, to?: string): Promise<QueuedMail[]> {
  const rows = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.type, MAIL_SEND_JOB))
    .orderBy(asc(jobs.id));
  const mails = rows.map((row) => {
    const { to, subject, body } = row.payload as { to: string; subject: string; body: string };
    const bodies = openMailBody(TEST_APP_SECRET, body);
    if (!bodies) throw new Error(`a queued mail to ${to} cannot be opened`);
    return { to, subject, ...bodies };
  });
  return to ? mails.filter((mail) => mail.to === to) : mails;
}

/** The temporary password in a forgot-password mail's text (groups like K7QM-2XPA-9RTW). */
export function temporaryPasswordIn(mail: QueuedMail): string {
  const match = /\b([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no temporary password in: ${mail.subject}`);
  return match[1];
}

/** The token of the verify-email link in a mail's text. */
export function verifyTokenIn(mail: QueuedMail): string {
  const match = /\/verify-email\?token=([^\s"&<>]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no verify-email link in: ${mail.subject}`);
  return decodeURIComponent(match[1]);
}
