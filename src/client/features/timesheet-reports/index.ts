/** GET /api/timesheets, for the prefetch on the way to the page (docs/product/screens.md#talking-to-the-server). */
export { timesheetKeys, timesheetsQueryOptions } from './api/get-timesheets';

export const loadTimesheetReportsPage = () => import('./components/timesheet-reports-page');
