import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Executor } from '../db/open.ts';
import {
  defineJob,
  type JobDefinition,
  type JobHandler,
  jobType,
  type NewJob,
  type PayloadsOf,
  PermanentJobError,
} from '../jobs/types.ts';
import { seal, unseal } from '../lib/seal.ts';
import {
  MailDeliveryError,
  type MailMessage,
  type MailTransport,
  recipientDomain,
} from './transport.ts';

// Queued so an SMTP outage loses nothing: docs/decisions/016-durable-jobs-and-instance-mail.md.
export const MAIL_SEND_JOB = 'mail.send';

const SEAL_PURPOSE = 'mail-body';

const bodySchema = z.object({ text: z.string(), html: z.string() });

/** Bodies sealed: whoever reads the database or a backup reads no temporary password, no link. */
const payloadSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  body: z.string().min(1),
  /** After this the mail is not sent at all (a temporary password that no longer works). */
  expiresAt: z.iso.datetime().optional(),
  /** Random, made at enqueue: job ids repeat across instances and resets, and receivers drop duplicates. */
  key: z.string().regex(/^[0-9a-f]{16}$/),
});

export interface SentRecord {
  wasSent(jobId: number): Promise<boolean>;
  markSent(jobId: number, messageId: string): Promise<void>;
}

/** The same on every attempt, so receivers drop a copy sent again after a crash. */
export const mailMessageId = (jobId: number, key: string, fromDomain: string) =>
  `<job-${jobId}.${key}@${fromDomain}>`;

export const mailSendJob = jobType(MAIL_SEND_JOB, payloadSchema);
export const mailJobTypes = [mailSendJob] as const;

declare module '../jobs/types.ts' {
  interface JobPayloads extends PayloadsOf<typeof mailJobTypes> {}
}

export type Enqueue = (
  db: Executor,
  job: NewJob<typeof MAIL_SEND_JOB>,
) => Promise<number | undefined>;

export interface EnqueueMailOptions {
  enqueue: Enqueue;
  secret: Buffer;
  expiresAt?: Date;
}

/** In the caller's transaction: sent if and only if the change that causes it commits. */
export function enqueueMail(db: Executor, message: MailMessage, options: EnqueueMailOptions) {
  const { text, html, ...envelope } = message;
  const payload = payloadSchema.parse({
    ...envelope,
    body: seal(options.secret, SEAL_PURPOSE, JSON.stringify({ text, html })),
    ...(options.expiresAt ? { expiresAt: options.expiresAt.toISOString() } : {}),
    key: randomBytes(8).toString('hex'),
  });
  return options.enqueue(db, { type: MAIL_SEND_JOB, payload });
}

export function openMailBody(
  secret: Buffer,
  sealedBody: string,
): z.infer<typeof bodySchema> | undefined {
  const plain = unseal(secret, SEAL_PURPOSE, sealedBody);
  if (plain === undefined) return undefined;
  const parsed = bodySchema.safeParse(JSON.parse(plain));
  return parsed.success ? parsed.data : undefined;
}

export interface MailJobDeps {
  secret: Buffer;
  sent?: SentRecord;
}

export function mailJobs(transport: MailTransport, deps: MailJobDeps): JobDefinition[] {
  return [defineJob({ ...mailSendJob, handle: mailSendHandler(transport, deps) })];
}

/** A 5xx kills the job, anything else is retried; logs never name address or body. */
export function mailSendHandler(
  transport: MailTransport,
  { secret, sent }: MailJobDeps,
): JobHandler<z.output<typeof payloadSchema>> {
  return async (payload, { jobId, log, signal }) => {
    const { key, body, expiresAt, ...envelope } = payload;
    const messageId = mailMessageId(jobId, key, transport.fromDomain);
    const fields = { jobId, toDomain: recipientDomain(envelope.to), messageId };
    if (expiresAt && Date.parse(expiresAt) <= Date.now()) {
      log.info(fields, 'mail expired before it could be sent; not sending it');
      return;
    }
    const bodies = openMailBody(secret, body);
    // Sealed under another APP_SECRET (it changed while the job waited): it can never be sent.
    if (!bodies) throw new PermanentJobError('mail.send body cannot be opened with this secret');
    const message = { ...envelope, ...bodies };
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
