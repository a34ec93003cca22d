/** The timesheet-reports feature, as the app shell may use it. */

/** GET /api/timesheets, for the prefetch on the way to the page (docs/product/screens.md#talking-to-the-server). */
export { timesheetKeys, timesheetsQueryOptions } from './api/get-timesheets';

/** The Timesheet Reports page, for the router's lazy(): loaded only when the page is first opened. */
export const loadTimesheetReportsPage = () => import('./components/timesheet-reports-page');
