export { dashboardRecentWorkLogsQueryOptions } from './api/get-dashboard-recent-work-logs';
export { dashboardStatsQueryOptions } from './api/get-dashboard-stats';

export const loadDashboardPage = () => import('./components/dashboard-page');
