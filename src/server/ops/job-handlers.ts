import type { FastifyBaseLogger } from 'fastify';
import type { GmailConfig } from '../config.ts';
import type { Database, Db } from '../db/open.ts';
import { gmailJobs, gmailJobTypes } from '../features/gmail/gmail.jobs.ts';
import { mailSendsJobs, mailSendsJobTypes } from '../features/mail-sends/mail-sends.jobs.ts';
import { notionJobs, notionJobTypes } from '../features/notion/notion.jobs.ts';
import { remindersJobs, remindersJobTypes } from '../features/reminders/reminders.jobs.ts';
import { workLogUndoJobs, workLogUndoJobTypes } from '../features/work-logs/work-logs.undo.ts';
import { effectDone, recordEffect } from '../jobs/run-once.ts';
import { type JobDefinition, type JobRegistry, type JobType, jobRegistry } from '../jobs/types.ts';
import { startWorker, type Worker, type WorkerOptions } from '../jobs/worker.ts';
import { mailJobs, mailJobTypes } from '../mail/mail-job.ts';
import type { MailTransport } from '../mail/transport.ts';
import { buildServices, type Services } from './services.ts';

// A worker claims only these: an instance on older code leaves newer types to those that know them.
export const JOB_TYPES: readonly JobType[] = [
  ...mailJobTypes,
  ...mailSendsJobTypes,
  ...gmailJobTypes,
  ...notionJobTypes,
  ...remindersJobTypes,
  ...workLogUndoJobTypes,
];

export type JobServices = Pick<
  Services,
  'db' | 'secret' | 'now' | 'gmail' | 'gmailOAuth' | 'notionApi'
> & { mail: MailTransport };

export function jobDefinitions(services: JobServices): JobDefinition[] {
  const { db, secret, now, mail } = services;
  const gmail = { db, secret, oauth: services.gmailOAuth, now };
  return [
    ...mailJobs(mail, {
      secret,
      sent: {
        wasSent: (jobId) => effectDone(db, jobId, 'send'),
        markSent: (jobId) => recordEffect(db, jobId, 'send'),
      },
    }),
    ...mailSendsJobs({ ...gmail, apiUrl: services.gmail?.apiUrl }),
    ...gmailJobs(gmail),
    ...notionJobs({ db, secret, api: services.notionApi }),
    ...remindersJobs({ db, secret, now: now ?? (() => new Date()) }),
    ...workLogUndoJobs({ db }),
  ];
}

export function jobsOf(
  services: JobServices,
  claimed: readonly JobType[] = JOB_TYPES,
  definitions: (services: JobServices) => JobDefinition[] = jobDefinitions,
): JobRegistry {
  return jobRegistry(claimed, definitions(services));
}

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
  secret: Buffer;
  mail: MailTransport;
  gmail?: GmailConfig | undefined;
  now?: () => Date;
  notionApiUrl?: string | undefined;
}

export function createJobHandlers(deps: JobDeps): JobRegistry {
  const services = buildServices({ ...deps, version: 'jobs', sessionCache: false });
  return jobsOf({ ...services, mail: deps.mail });
}
