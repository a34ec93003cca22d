export { dashboardStatsQueryOptions } from './api/get-dashboard-stats';
export { dashboardKeys } from './api/query-keys';

export const loadDashboardPage = () => import('./components/dashboard-page');
