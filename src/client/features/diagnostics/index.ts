/** The diagnostics feature (/test, docs/product/deviations.md#6-test-is-a-diagnostics-page), as the app shell may use it. */

export const loadDiagnosticsPage = () => import('./components/diagnostics-page');
