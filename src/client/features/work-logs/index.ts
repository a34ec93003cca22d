// What other features and the app shell may use; everything else in this folder is internal.
/** GET /api/dashboard/recent-work-logs: a list of work logs, so this feature's to refresh. */
export {
  dashboardRecentWorkLogsQueryOptions,
  useDashboardRecentWorkLogs,
} from './api/get-dashboard-recent-work-logs';
export {
  getRecentWorkLogs,
  RECENT_WORK_LOGS_LIMIT,
  recentWorkLogsQueryOptions,
  useRecentWorkLogs,
} from './api/get-recent-work-logs';
export {
  useWorkLogSummary,
  type WorkLogFilterParams,
  workLogSummaryQueryOptions,
} from './api/get-work-log-summary';
export {
  useWorkLogs,
  type WorkLogListParams,
  workLogsQueryOptions,
} from './api/get-work-logs';
export {
  cancelWorkLogLists,
  invalidateWorkLogs,
  recolourEmployerInLists,
  workLogKeys,
} from './api/query-keys';
export {
  preloadWorkLogForm,
  usePreloadWorkLogForm,
  useWorkLogDialog,
  WorkLogDialog,
} from './components/work-log-dialog';

export const loadWorkLogsPage = () => import('./components/work-logs-page');
export const loadWeekGridPage = () => import('./components/week-grid-page');
export { useUpdateWorkLog } from './api/update-work-log';
export { EmployerDot } from './components/employer-dot';
