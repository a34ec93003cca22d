import { defineJob, type JobDefinition, jobType, type PayloadsOf } from '../../jobs/types.ts';
import type { GmailDeps } from '../gmail/gmail.service.ts';
import { gmailSendHandler, gmailSendPayload } from './gmail-send-job.ts';
import { GMAIL_SEND_JOB } from './mail-sends.service.ts';

export const mailSendsJobTypes = [jobType(GMAIL_SEND_JOB, gmailSendPayload)] as const;

declare module '../../jobs/types.ts' {
  interface JobPayloads extends PayloadsOf<typeof mailSendsJobTypes> {}
}

/** Sends through the user's Gmail, for the worker's registry. */
export function mailSendsJobs(deps: GmailDeps & { apiUrl: string | undefined }): JobDefinition[] {
  const [send] = mailSendsJobTypes;
  return [defineJob({ ...send, handle: gmailSendHandler(deps) })];
}
