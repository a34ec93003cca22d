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

/** Every instance mail goes through the job queue, so an SMTP outage loses nothing (docs/decisions/016-durable-jobs-and-instance-mail.md). */
export const MAIL_SEND_JOB = 'mail.send';

/** The sealing purpose of mail bodies: they may hold a temporary password or a link's token. */
const SEAL_PURPOSE = 'mail-body';

const bodySchema = z.object({ text: z.string(), html: z.string() });

/**
 * What a 'mail.send' job row holds. The bodies are sealed (AES-256-GCM under APP_SECRET):
 * whoever reads the database, or a backup of it, reads no temporary password and no link.
 */
const payloadSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  body: z.string().min(1),
  /** After this the mail is not sent at all (a temporary password that no longer works). */
  expiresAt: z.iso.datetime().optional(),
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

/** The job type, for the worker's registry (its payload is checked before the handler runs). */
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
  /** The queue's `enqueueJob`. */
  enqueue: Enqueue;
  /** APP_SECRET: seals the bodies. */
  secret: Buffer;
  /** When the mail stops being worth sending (it holds something that expires). */
  expiresAt?: Date;
}

/**
 * Queues one mail in the caller's transaction (`db`), so it is sent if and only if the change
 * that causes it commits.
 */
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

/** The bodies of a queued mail, or undefined when they cannot be opened with this secret. */
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

/** Instance mail's jobs, for the worker's registry. */
export function mailJobs(transport: MailTransport, deps: MailJobDeps): JobDefinition[] {
  return [defineJob({ ...mailSendJob, handle: mailSendHandler(transport, deps) })];
}

/**
 * Sends one queued mail. A refusal for good (5xx) kills the job at once;
 * anything else (connection refused, timeouts, 4xx) is thrown for the queue to retry. Errors
 * and logs name the job, the recipient's domain and the Message-ID, never the address or body.
 */
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
