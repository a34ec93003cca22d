import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import type { User } from '../../shared/schemas/auth.ts';
import { normalizePath } from './case-insensitive-parser';
import { RouteErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './not-found';
import { usePrefetchAtStartup } from './prefetch';
import { appPaths } from './routes';

const DashboardPage = lazy(() => import('@/features/dashboard/components/dashboard-page'));
const EmployersPage = lazy(() => import('@/features/employers/components/employers-page'));
const WorkLogsPage = lazy(() => import('@/features/work-logs/components/work-logs-page'));
const TimesheetReportsPage = lazy(
  () => import('@/features/timesheet-reports/components/timesheet-reports-page'),
);
const SettingsPage = lazy(() => import('@/features/settings/components/settings-page'));
const VerifyEmailPage = lazy(() => import('@/features/verify-email/components/verify-email-page'));
const DiagnosticsPage = lazy(() => import('@/features/diagnostics/components/diagnostics-page'));

function PageSpinner() {
  return (
    <div className="flex justify-center py-24 text-primary">
      <Spinner className="size-7" />
    </div>
  );
}

type SignedInAppProps = { user: User; applyServerTheme: boolean };

/** The app behind sign-in: the layout stays mounted while pages load and change. */
export default function SignedInApp({ user, applyServerTheme }: SignedInAppProps) {
  const [location] = useLocation();
  usePrefetchAtStartup();
  return (
    <AppLayout user={user} applyServerTheme={applyServerTheme}>
      {/* Keyed by path: a crash on one page is forgotten when the user moves on. */}
      <RouteErrorBoundary key={normalizePath(location)}>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            <Route path={appPaths.dashboard} component={DashboardPage} />
            <Route path={appPaths.employers} component={EmployersPage} />
            <Route path={appPaths.workLogs} component={WorkLogsPage} />
            <Route path={appPaths.timesheetReports} component={TimesheetReportsPage} />
            <Route path={appPaths.settings} component={SettingsPage} />
            <Route path={appPaths.verifyEmail} component={VerifyEmailPage} />
            <Route path={appPaths.diagnostics} component={DiagnosticsPage} />
            <Route path="/login">
              <Redirect to="/" replace />
            </Route>
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </AppLayout>
  );
}
