import { Building2, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { employmentTypeLabels, useEmployers } from '@/features/employers';
import { useCurrency } from '@/features/settings';
import { formatHourlyRate } from '../../../../shared/domain/format.ts';
import { CardList } from './card-list';
import { DashboardCard } from './dashboard-card';

/**
 * Active employers only (docs/product/screens.md#dashboard), with 'Add' opening the add-employer
 * dialog and, on each, 'Log shift': a new shift for today with that employer's usual shift.
 */
export function MyEmployersCard({
  onAdd,
  onLogUsual,
}: {
  onAdd: () => void;
  onLogUsual: (employerId: number) => void;
}) {
  const query = useEmployers();
  const currency = useCurrency();
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
      <CardList
        query={query}
        rows={active?.map((employer) => ({
          key: employer.id,
          color: employer.brandColor,
          name: employer.name,
          detail: employmentTypeLabels[employer.employmentType],
          figures: (
            <span className="flex flex-col items-end">
              {formatHourlyRate(employer.hourlyRate, currency)}
              <Button
                variant="ghost"
                size="sm"
                className="-mr-2 h-7 px-2"
                aria-label={`Log shift at ${employer.name}, your usual shift`}
                onClick={() => onLogUsual(employer.id)}
              >
                Log shift
              </Button>
            </span>
          ),
        }))}
        label="Active employers"
        loadingLabel="Loading employers"
        errorTitle="Failed to fetch employers"
        empty={{
          icon: Building2,
          title: 'No Employers Added Yet',
          hint: 'Add the people or companies you work for.',
        }}
      />
    </DashboardCard>
  );
}
