import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { EmployerFormDialog, preloadEmployerFormDialog, useEmployers } from '@/features/employers';
import { useDashboardRecentWorkLogs, useWorkLogDialog } from '@/features/work-logs';
import { FirstRunCard } from './first-run-card';
import { HoursChartCard } from './hours-chart-card';
import { MyEmployersCard } from './my-employers-card';
import { OvertimeCard } from './overtime-card';
import { OwedCard } from './owed-card';
import { PeriodSelect, useDashboardPeriod } from './period-select';
import { QuickActionsCard } from './quick-actions-card';
import { RecentWorkLogsCard } from './recent-work-logs-card';
import { StatCards } from './stat-cards';

/** Shown until the user has an employer and a logged shift (both reads answered). */
function useFirstRun() {
  const employers = useEmployers().data;
  const logs = useDashboardRecentWorkLogs().data;
  if (!employers || !logs) return null;
  if (employers.length > 0 && logs.length > 0) return null;
  return { hasEmployer: employers.length > 0 };
}

export function DashboardPage() {
  const [period, setPeriod] = useDashboardPeriod();
  const [addingEmployer, setAddingEmployer] = useState(false);
  const workLogs = useWorkLogDialog();
  const firstRun = useFirstRun();
  const addEmployer = () => {
    preloadEmployerFormDialog();
    setAddingEmployer(true);
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Track your working hours and manage employers"
        actions={<PeriodSelect value={period} onChange={setPeriod} />}
      />
      <div className="grid gap-6">
        {firstRun ? (
          <FirstRunCard
            hasEmployer={firstRun.hasEmployer}
            onAddEmployer={addEmployer}
            onLogShift={workLogs.openNew}
          />
        ) : null}
        <StatCards period={period} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 gap-6 lg:col-span-2">
            <HoursChartCard period={period} />
            <RecentWorkLogsCard />
          </div>
          <div className="grid min-w-0 content-start gap-6">
            <OwedCard />
            <OvertimeCard period={period} />
            <QuickActionsCard onLogShift={workLogs.openNew} onAddEmployer={addEmployer} />
            <MyEmployersCard onAdd={addEmployer} onLogUsual={workLogs.openUsual} />
          </div>
        </div>
      </div>
      {workLogs.dialog}
      <EmployerFormDialog open={addingEmployer} onOpenChange={setAddingEmployer} />
    </>
  );
}

export default DashboardPage;
