/** The timesheet-reports feature, as the app shell may use it. */

/** The Timesheet Reports page, for the router's lazy(): loaded only when the page is first opened. */
export const loadTimesheetReportsPage = () => import('./components/timesheet-reports-page');
