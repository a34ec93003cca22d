import { PageHeader } from '@/components/page-header';

export function TimesheetReportsPage() {
  return (
    <PageHeader
      title="Timesheet Reports"
      subtitle="Generate professional timesheet reports in PDF or CSV format"
    />
  );
}

export default TimesheetReportsPage;
