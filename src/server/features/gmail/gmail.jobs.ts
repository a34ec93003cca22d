import { defineJob, type JobDefinition, jobType, type PayloadsOf } from '../../jobs/types.ts';
import { GMAIL_REVOKE_JOB, type GmailDeps } from './gmail.service.ts';
import { gmailRevokeHandler, revokePayload } from './gmail-revoke-job.ts';

export const gmailJobTypes = [jobType(GMAIL_REVOKE_JOB, revokePayload)] as const;

declare module '../../jobs/types.ts' {
  interface JobPayloads extends PayloadsOf<typeof gmailJobTypes> {}
}

export function gmailJobs(deps: GmailDeps): JobDefinition[] {
  const [revoke] = gmailJobTypes;
  return [defineJob({ ...revoke, handle: gmailRevokeHandler(deps) })];
}
