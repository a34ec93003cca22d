/** The signed-in pages of docs/product/screens.md#routes-and-access; signed-out visitors on these get the sign-in form. */
export const appPaths = {
  dashboard: '/',
  employers: '/employers',
  workLogs: '/work-logs',
  weekGrid: '/work-logs/week',
  calendar: '/calendar',
  timesheetReports: '/timesheet-reports',
  pay: '/pay',
  settings: '/settings',
  verifyEmail: '/verify-email',
  diagnostics: '/test',
} as const;

export const protectedPaths: string[] = Object.values(appPaths).filter((path) => path !== '/');
