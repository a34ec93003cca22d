import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Executor } from '../db/open.ts';
import { type JobHandler, type NewJob, PermanentJobError } from '../jobs/types.ts';
import {
  MailDeliveryError,
  type MailMessage,
  type MailTransport,
  recipientDomain,
} from './transport.ts';

/** Every instance mail goes through the job queue, so an SMTP outage loses nothing (DESIGN.md §4). */
export const MAIL_SEND_JOB = 'mail.send';

const payloadSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
  /**
   * Random, made once at enqueue. Job ids alone repeat across instances that share a From domain
   * and after a database is reset, and receivers would drop a new mail as a duplicate of an old one.
   */
  key: z.string().regex(/^[0-9a-f]{16}$/),
});

/**
 * Whether a job's mail already left. Checked before sending and written right after, so a job
 * that runs again (its lease ran out mid-run, or it crashed before it was marked done) sends
 * nothing more. The jobs side provides it (an effects record per job id).
 */
export interface SentRecord {
  wasSent(jobId: number): Promise<boolean>;
  markSent(jobId: number, messageId: string): Promise<void>;
}

/**
 * The same on every attempt of one job: should the process die between the server's accept and
 * the job's completion, the retry carries this Message-ID again and receivers drop the copy.
 */
export const mailMessageId = (jobId: number, key: string, fromDomain: string) =>
  `<job-${jobId}.${key}@${fromDomain}>`;

export type Enqueue = (db: Executor, job: NewJob) => Promise<number | undefined>;

/**
 * Queues one mail in the caller's transaction (`db`), so it is sent if and only if the change
 * that causes it commits. `enqueue` is the queue's `enqueueJob`.
 */
export function enqueueMail(db: Executor, message: MailMessage, enqueue: Enqueue) {
  const payload = payloadSchema.parse({ ...message, key: randomBytes(8).toString('hex') });
  return enqueue(db, { type: MAIL_SEND_JOB, payload });
}

/**
 * Sends one queued mail. A refusal for good (5xx) or a malformed payload kills the job at once;
 * anything else (connection refused, timeouts, 4xx) is thrown for the queue to retry. Errors
 * and logs name the job, the recipient's domain and the Message-ID, never the address or body.
 */
export function mailSendHandler(transport: MailTransport, sent?: SentRecord): JobHandler {
  return async (payload, { jobId, log, signal }) => {
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((i) => i.path.join('.') || '(root)'));
      throw new PermanentJobError(`mail.send payload is malformed at: ${[...paths].join(', ')}`);
    }
    const { key, ...message } = parsed.data;
    const messageId = mailMessageId(jobId, key, transport.fromDomain);
    const fields = { jobId, toDomain: recipientDomain(message.to), messageId };
    if (await sent?.wasSent(jobId)) {
      log.info(fields, 'mail was already sent; not sending it again');
      return;
    }
    signal.throwIfAborted();
    let where: string;
    try {
      ({ where } = await transport.send({ ...message, messageId }));
    } catch (error) {
      if (error instanceof MailDeliveryError && error.permanent) {
        throw new PermanentJobError(error.message);
      }
      throw error;
    }
    await sent?.markSent(jobId, messageId);
    log.info({ ...fields, where }, 'mail sent');
  };
}
