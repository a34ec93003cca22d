/** The dashboard feature, as the app shell may use it. */
export { dashboardStatsQueryOptions } from './api/get-dashboard-stats';
export { dashboardKeys } from './api/query-keys';

/** The Dashboard page, for the router's lazy(): loaded only when the page is first opened. */
export const loadDashboardPage = () => import('./components/dashboard-page');
