import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import type { UpcomingTimesheet } from '../../../../shared/schemas/timesheets.ts';
import type { PreparedReport } from './report-form';
import { ReportWorkspaceSkeleton } from './report-workspace-skeleton';
import { TimesheetHistory } from './timesheet-history';
import { UpcomingTimesheets } from './upcoming-timesheets';

// The form (react-hook-form, zod, the shared schemas) loads as its own chunk, so the page's
// first load stays within its budget (docs/decisions/004); it starts loading with the page.
const loadReportWorkspace = () => import('./report-workspace');
const ReportWorkspace = lazy(loadReportWorkspace);

export function TimesheetReportsPage() {
  const [prepared, setPrepared] = useState<PreparedReport | null>(null);
  const prepare = (upcoming: UpcomingTimesheet) =>
    setPrepared((last) => ({
      employerId: upcoming.employerId,
      startDate: upcoming.startDate,
      endDate: upcoming.endDate,
      key: (last?.key ?? 0) + 1,
    }));

  return (
    <>
      <PageHeader
        title="Timesheet Reports"
        subtitle="Generate professional timesheet reports in PDF or CSV format"
      />
      <div className="space-y-10">
        <Suspense fallback={<ReportWorkspaceSkeleton />}>
          <ReportWorkspace prepared={prepared} />
        </Suspense>
        <UpcomingTimesheets onPrepare={prepare} />
        <TimesheetHistory />
      </div>
    </>
  );
}

export default TimesheetReportsPage;
