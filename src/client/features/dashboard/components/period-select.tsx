import { useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import { type DashboardPeriod, dashboardPeriods } from '../../../../shared/domain/periods.ts';

export const periodLabels: Record<DashboardPeriod, string> = {
  week: 'This Week',
  month: 'This Month',
  quarter: 'This Quarter',
  year: 'This Year',
};

const options = dashboardPeriods.map((value) => ({ value, label: periodLabels[value] }));

function storedPeriod(): DashboardPeriod {
  const stored = readStorage(storageKeys.dashboardPeriod);
  return dashboardPeriods.find((p) => p === stored) ?? 'week';
}

/** The chosen period, kept in storage so it is still chosen after visiting another page. */
export function useDashboardPeriod() {
  const [period, setPeriod] = useState<DashboardPeriod>(storedPeriod);
  const choose = (next: DashboardPeriod) => {
    setPeriod(next);
    writeStorage(storageKeys.dashboardPeriod, next);
  };
  return [period, choose] as const;
}

type PeriodSelectProps = { value: DashboardPeriod; onChange: (period: DashboardPeriod) => void };

export function PeriodSelect({ value, onChange }: PeriodSelectProps) {
  return (
    <SelectField
      id="dashboard-period"
      label="Period"
      hideLabel
      value={value}
      onValueChange={onChange}
      options={options}
      className="w-44"
    />
  );
}
