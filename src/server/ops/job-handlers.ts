import { type Config, type GmailConfig, gmailConfig } from '../config.ts';
import type { Db } from '../db/open.ts';
import { GMAIL_REVOKE_JOB } from '../features/gmail/gmail.service.ts';
import { GmailOAuth } from '../features/gmail/gmail-oauth.ts';
import { gmailRevokeHandler } from '../features/gmail/gmail-revoke-job.ts';
import { gmailSendHandler } from '../features/mail-sends/gmail-send-job.ts';
import { GMAIL_SEND_JOB } from '../features/mail-sends/mail-sends.service.ts';
import { NOTION_ARCHIVE_JOB, NOTION_SYNC_JOB } from '../features/notion/notion.service.ts';
import { NotionApi } from '../features/notion/notion-api.ts';
import { notionArchiveHandler, notionSyncHandler } from '../features/notion/notion-jobs.ts';
import { effectDone, recordEffect } from '../jobs/run-once.ts';
import type { JobHandlers } from '../jobs/types.ts';
import { MAIL_SEND_JOB, mailSendHandler } from '../mail/mail-job.ts';
import type { MailTransport } from '../mail/transport.ts';

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
  /** NOTION_API_URL (Notion's by default). */
  notionApiUrl?: string | undefined;
}

/**
 * Every job type this build runs, and its handler: the one list both the server's in-process
 * worker and `npm run worker` use. A worker claims only the types listed here, so an instance
 * running older code leaves a newer type to the instances that know it.
 * Instance mail ('mail.send'), the user's Gmail ('gmail.send', 'gmail.revoke') and the Notion
 * mirror ('notion.sync', 'notion.archive').
 */
export function createJobHandlers({
  db,
  mail,
  secret,
  gmail,
  now,
  notionApiUrl,
}: JobDeps): JobHandlers {
  // The Notion pace is kept in the database: shared by every worker and instance.
  const notionApi = new NotionApi(notionApiUrl ?? 'https://api.notion.com', { db });
  const notion = { db, secret, api: notionApi };
  const gmailDeps = {
    db,
    secret,
    oauth: gmail ? new GmailOAuth(gmail) : undefined,
    now: now ?? (() => new Date()),
  };
  return {
    [GMAIL_SEND_JOB]: gmailSendHandler({ ...gmailDeps, apiUrl: gmail?.apiUrl }),
    [GMAIL_REVOKE_JOB]: gmailRevokeHandler(gmailDeps),
    [NOTION_SYNC_JOB]: notionSyncHandler(notion),
    [NOTION_ARCHIVE_JOB]: notionArchiveHandler(notion),
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

/** The handlers as configured by the environment: the server's worker and `npm run worker` alike. */
export function jobHandlersFromConfig(
  config: Config,
  deps: Pick<JobDeps, 'db' | 'secret' | 'mail'>,
): JobHandlers {
  return createJobHandlers({
    ...deps,
    gmail: gmailConfig(config),
    notionApiUrl: config.NOTION_API_URL,
  });
}
