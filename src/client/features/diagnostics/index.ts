/** The diagnostics feature (/test, docs/product/deviations.md#6-test-is-a-diagnostics-page), as the app shell may use it. */

/** The diagnostics page, for the router's lazy(): loaded only when the page is first opened. */
export const loadDiagnosticsPage = () => import('./components/diagnostics-page');
