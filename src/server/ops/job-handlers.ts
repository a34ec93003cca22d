import type { FastifyBaseLogger } from 'fastify';
import type { GmailConfig } from '../config.ts';
import type { Database, Db } from '../db/open.ts';
import { gmailJobs, gmailJobTypes } from '../features/gmail/gmail.jobs.ts';
import { mailSendsJobs, mailSendsJobTypes } from '../features/mail-sends/mail-sends.jobs.ts';
import { notionJobs, notionJobTypes } from '../features/notion/notion.jobs.ts';
import { effectDone, recordEffect } from '../jobs/run-once.ts';
import { type JobDefinition, type JobRegistry, type JobType, jobRegistry } from '../jobs/types.ts';
import { startWorker, type Worker, type WorkerOptions } from '../jobs/worker.ts';
import { mailJobs, mailJobTypes } from '../mail/mail-job.ts';
import type { MailTransport } from '../mail/transport.ts';
import { buildServices, type Services } from './services.ts';

/**
 * Every job type this build runs: the types a worker claims, the server's in-process one and
 * `npm run worker` alike. A worker claims only these, so an instance running older code leaves
 * a newer type to the instances that know it. Instance mail ('mail.send'), the user's Gmail
 * ('gmail.send', 'gmail.revoke') and the Notion mirror ('notion.sync', 'notion.archive').
 */
export const JOB_TYPES: readonly JobType[] = [
  ...mailJobTypes,
  ...mailSendsJobTypes,
  ...gmailJobTypes,
  ...notionJobTypes,
];

/** What the jobs need of the services: instance mail is required to run them. */
export type JobServices = Pick<
  Services,
  'db' | 'secret' | 'now' | 'gmail' | 'gmailOAuth' | 'notionApi'
> & { mail: MailTransport };

/** Every feature's job definitions, their handlers given the process's services. */
export function jobDefinitions(services: JobServices): JobDefinition[] {
  const { db, secret, now, mail } = services;
  const gmail = { db, secret, oauth: services.gmailOAuth, now };
  return [
    ...mailJobs(mail, {
      secret,
      // A send recorded as done is not repeated by a retry (job_effects).
      sent: {
        wasSent: (jobId) => effectDone(db, jobId, 'send'),
        markSent: (jobId) => recordEffect(db, jobId, 'send'),
      },
    }),
    ...mailSendsJobs({ ...gmail, apiUrl: services.gmail?.apiUrl }),
    ...gmailJobs(gmail),
    ...notionJobs({ db, secret, api: services.notionApi }),
  ];
}

/**
 * The worker's registry; throws (start-up stops) when a claimed type has no handler, or a
 * handler's type is not claimed.
 */
export function jobsOf(
  services: JobServices,
  claimed: readonly JobType[] = JOB_TYPES,
  definitions: (services: JobServices) => JobDefinition[] = jobDefinitions,
): JobRegistry {
  return jobRegistry(claimed, definitions(services));
}

/** Starts the job worker on the process's services: `npm start` (WORKER=on) and `npm run worker`. */
export function startJobWorker(
  services: Services,
  options: { database: Pick<Database, 'db' | 'url'>; log: FastifyBaseLogger } & Partial<
    Omit<WorkerOptions, 'jobs'>
  >,
  claimed: readonly JobType[] = JOB_TYPES,
): Worker {
  const { mail } = services;
  if (!mail) throw new Error('The job worker needs instance mail: build the services with it');
  return startWorker({ ...options, jobs: jobsOf({ ...services, mail }, claimed) });
}

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

/** The registry built from the same services builder, for tests that run jobs without a server. */
export function createJobHandlers(deps: JobDeps): JobRegistry {
  const services = buildServices({ ...deps, version: 'jobs', sessionCache: false });
  return jobsOf({ ...services, mail: deps.mail });
}
