import type { Db } from '../db/open.ts';
import { MAIL_SEND_JOB, mailSendHandler } from '../mail/mail-job.ts';
import type { MailTransport } from '../mail/transport.ts';
import { effectDone, recordEffect } from './run-once.ts';
import type { JobHandlers } from './types.ts';

export interface JobDeps {
  db: Db;
  /** The app secret (decrypts stored tokens: Gmail, Notion). */
  secret: Buffer;
  /** Instance mail: SMTP_URL, or the outbox folder. */
  mail: MailTransport;
}

/**
 * Every job type this build runs, and its handler: the one list both the server's in-process
 * worker and `npm run worker` use. A worker claims only the types listed here, so an instance
 * running older code leaves a newer type to the instances that know it.
 * Instance mail ('mail.send'), Gmail sending and the Notion mirror add theirs here.
 */
export function createJobHandlers({ db, mail, secret }: JobDeps): JobHandlers {
  return {
    [MAIL_SEND_JOB]: mailSendHandler(mail, {
      secret,
      // A send recorded as done is not repeated by a retry (job_effects).
      sent: {
        wasSent: (jobId) => effectDone(db, jobId, 'send'),
        markSent: (jobId) => recordEffect(db, jobId, 'send'),
      },
    }),
  };
}
