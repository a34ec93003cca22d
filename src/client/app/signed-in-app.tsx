import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { loadCalendarPage } from '@/features/calendar';
import { loadDashboardPage } from '@/features/dashboard';
import { loadDiagnosticsPage } from '@/features/diagnostics';
import { loadEmployersPage } from '@/features/employers';
import { loadPayPage } from '@/features/payments';
import { loadSettingsPage } from '@/features/settings';
import { loadTimesheetReportsPage } from '@/features/timesheet-reports';
import { loadVerifyEmailPage } from '@/features/verify-email';
import { loadWeekGridPage, loadWorkLogsPage } from '@/features/work-logs';
import type { User } from '../../shared/schemas/auth.ts';
import { normalizePath } from './case-insensitive-parser';
import { RouteErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './not-found';
import { usePrefetchAtStartup, usePrefetchOnNavigation } from './prefetch';
import { appPaths } from './routes';

const DashboardPage = lazy(loadDashboardPage);
const EmployersPage = lazy(loadEmployersPage);
const WorkLogsPage = lazy(loadWorkLogsPage);
const WeekGridPage = lazy(loadWeekGridPage);
const CalendarPage = lazy(loadCalendarPage);
const TimesheetReportsPage = lazy(loadTimesheetReportsPage);
const PayPage = lazy(loadPayPage);
const SettingsPage = lazy(loadSettingsPage);
const VerifyEmailPage = lazy(loadVerifyEmailPage);
const DiagnosticsPage = lazy(loadDiagnosticsPage);

function PageSpinner() {
  return (
    <div className="flex justify-center py-24 text-primary">
      <Spinner className="size-7" />
    </div>
  );
}

type SignedInAppProps = { user: User; applyServerTheme: boolean };

export default function SignedInApp({ user, applyServerTheme }: SignedInAppProps) {
  const [location] = useLocation();
  usePrefetchAtStartup();
  usePrefetchOnNavigation();
  return (
    <AppLayout user={user} applyServerTheme={applyServerTheme}>
      {/* Keyed by path: a crash on one page is forgotten when the user moves on. */}
      <RouteErrorBoundary key={normalizePath(location)}>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            <Route path={appPaths.dashboard} component={DashboardPage} />
            <Route path={appPaths.employers} component={EmployersPage} />
            <Route path={appPaths.workLogs} component={WorkLogsPage} />
            <Route path={appPaths.weekGrid} component={WeekGridPage} />
            <Route path={appPaths.calendar} component={CalendarPage} />
            <Route path={appPaths.timesheetReports} component={TimesheetReportsPage} />
            <Route path={appPaths.pay} component={PayPage} />
            <Route path={appPaths.settings} component={SettingsPage} />
            <Route path={appPaths.verifyEmail} component={VerifyEmailPage} />
            <Route path={appPaths.diagnostics} component={DiagnosticsPage} />
            <Route path="/login">
              <Redirect to="/" replace />
            </Route>
            <Route path="/register">
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
