import type { GmailConfig } from '../config.ts';
import type { Db } from '../db/open.ts';
import { GMAIL_REVOKE_JOB } from '../features/gmail/gmail.service.ts';
import { GmailOAuth } from '../features/gmail/gmail-oauth.ts';
import { gmailRevokeHandler } from '../features/gmail/gmail-revoke-job.ts';
import { gmailSendHandler } from '../features/mail-sends/gmail-send-job.ts';
import { GMAIL_SEND_JOB } from '../features/mail-sends/mail-sends.service.ts';
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
  /** The user's own mailbox (GMAIL_*); undefined when no OAuth client is configured. */
  gmail?: GmailConfig | undefined;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * Every job type this build runs, and its handler: the one list both the server's in-process
 * worker and `npm run worker` use. A worker claims only the types listed here, so an instance
 * running older code leaves a newer type to the instances that know it.
 * Instance mail ('mail.send'), the user's Gmail ('gmail.send', 'gmail.revoke'); the Notion
 * mirror adds its own here.
 */
export function createJobHandlers({ db, mail, secret, gmail, now }: JobDeps): JobHandlers {
  const gmailDeps = {
    db,
    secret,
    oauth: gmail ? new GmailOAuth(gmail) : undefined,
    now: now ?? (() => new Date()),
  };
  return {
    [GMAIL_SEND_JOB]: gmailSendHandler({ ...gmailDeps, apiUrl: gmail?.apiUrl }),
    [GMAIL_REVOKE_JOB]: gmailRevokeHandler(gmailDeps),
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
