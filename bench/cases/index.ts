import type { BenchCase } from '../lib.ts';
import { authMe } from './auth-me.ts';
import { dashboardYearAlone, dashboardYearCrowded } from './dashboard.ts';
import { timesheetsHistory } from './timesheets.ts';
import { workLogsAll, workLogsMonth, workLogsRevalidate } from './work-logs.ts';

/** Every case, in the order `npm run bench` runs them. Add new ones here. */
// The crowded dashboard case seeds a million logs: it runs last, after every case measured alone.
export const cases: BenchCase[] = [
  authMe,
  workLogsAll,
  workLogsMonth,
  workLogsRevalidate,
  dashboardYearAlone,
  timesheetsHistory,
  dashboardYearCrowded,
];
