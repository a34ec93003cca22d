/** The diagnostics feature (/test, DESIGN.md §7.6), as the app shell may use it. */

/** The diagnostics page, for the router's lazy(): loaded only when the page is first opened. */
export const loadDiagnosticsPage = () => import('./components/diagnostics-page');
