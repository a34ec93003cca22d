import { Building2, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { employmentTypeLabels, useEmployers } from '@/features/employers';
import { useCurrency } from '@/features/settings';
import { formatHourlyRate } from '../../../../shared/domain/format.ts';
import { CardList } from './card-list';
import { DashboardCard } from './dashboard-card';

/** Active employers only (docs/product/screens.md#dashboard), with 'Add' opening the add-employer dialog. */
export function MyEmployersCard({ onAdd }: { onAdd: () => void }) {
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
          figures: formatHourlyRate(employer.hourlyRate, currency),
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
