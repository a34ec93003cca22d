import { formatDisplayDate } from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** 'Acme Studio on Mon, Mar 2, 2026': names a log in buttons and popovers. */
export const logLabel = (log: Pick<WorkLog, 'date' | 'employer'>) =>
  `${log.employer.name} on ${formatDisplayDate(log.date)}`;
