import { z } from 'zod';
import type { Db } from '../../db/open.ts';
import { defineJob, type JobDefinition, jobType, type PayloadsOf } from '../../jobs/types.ts';
import { queueNextSweep, REMINDERS_SWEEP_JOB, sweepReminders } from './reminders.service.ts';

export const remindersJobTypes = [jobType(REMINDERS_SWEEP_JOB, z.object({}))] as const;

declare module '../../jobs/types.ts' {
  interface JobPayloads extends PayloadsOf<typeof remindersJobTypes> {}
}

/** The hourly sweep, for the worker's registry: queues the reminders due, then the next sweep. */
export function remindersJobs(deps: { db: Db; secret: Buffer; now: () => Date }): JobDefinition[] {
  const [sweep] = remindersJobTypes;
  return [
    defineJob({
      ...sweep,
      handle: async () => {
        const now = deps.now();
        await sweepReminders(deps.db, deps.secret, now);
        await queueNextSweep(deps.db, now);
      },
    }),
  ];
}
