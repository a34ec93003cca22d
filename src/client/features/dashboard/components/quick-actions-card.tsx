import { Building2, Clock, FileText } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { DashboardCard } from './dashboard-card';

type QuickActionsProps = { onLogShift: () => void; onAddEmployer: () => void };

const actionClasses = 'h-auto w-full justify-start py-3';

export function QuickActionsCard({ onLogShift, onAddEmployer }: QuickActionsProps) {
  return (
    <DashboardCard title="Quick Actions">
      <div className="grid gap-2">
        <Button className={actionClasses} onClick={onLogShift}>
          <Clock aria-hidden="true" />
          Log New Shift
        </Button>
        <Button variant="outline" className={actionClasses} onClick={onAddEmployer}>
          <Building2 aria-hidden="true" />
          Add Employer
        </Button>
        <Button asChild variant="outline" className={actionClasses}>
          <Link href="/timesheet-reports">
            <FileText aria-hidden="true" />
            Generate Report
          </Link>
        </Button>
      </div>
    </DashboardCard>
  );
}
