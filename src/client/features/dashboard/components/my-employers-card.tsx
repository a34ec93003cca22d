import { Building2, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { employmentTypeLabels, useEmployers } from '@/features/employers';
import { formatHourlyRate } from '../../../../shared/domain/format.ts';
import { ColourDot, DashboardCard, EmptyNote, RowsSkeleton } from './dashboard-card';
import { LoadError } from './load-error';

/** Active employers only (SPEC.md §4), with 'Add' opening the add-employer dialog. */
export function MyEmployersCard({ onAdd }: { onAdd: () => void }) {
  const query = useEmployers();
  const active = query.data?.filter((employer) => employer.isActive);
  return (
    <DashboardCard
      title="My Employers"
      action={
        <Button variant="outline" size="sm" onClick={onAdd} aria-label="Add employer">
          <Plus aria-hidden="true" />
          Add
        </Button>
      }
    >
      {query.isPending ? (
        <RowsSkeleton label="Loading employers" />
      ) : !active ? (
        <LoadError title="Failed to fetch employers" query={query} />
      ) : active.length === 0 ? (
        <EmptyNote
          icon={Building2}
          title="No Employers Added Yet"
          hint="Add the people or companies you work for."
        />
      ) : (
        <ul aria-label="Active employers" className="divide-y">
          {active.map((employer) => (
            <li key={employer.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <ColourDot color={employer.brandColor} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" title={employer.name}>
                  {employer.name}
                </p>
                <p className="text-muted-foreground text-xs">
                  {employmentTypeLabels[employer.employmentType]}
                </p>
              </div>
              <p className="shrink-0 text-sm tabular-nums">
                {formatHourlyRate(employer.hourlyRate)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
