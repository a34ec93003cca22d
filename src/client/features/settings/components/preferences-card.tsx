import { useCallback } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Combobox } from '@/components/ui/combobox';
import type { Settings, UpdateGeneralSettingsBody } from '../../../../shared/schemas/settings.ts';
import { RadioChoices } from './radio-choices';
import {
  currencyLabel,
  currencyOptions,
  timeZoneLabel,
  timeZoneOptions,
  withCurrent,
} from './regional-options';
import { usePendingChoices } from './use-pending-choices';

type Preferences = Pick<Settings, 'timeFormat' | 'timeZone' | 'currency'>;

const timeFormatChoices = [
  { value: '12-hour', label: '12-hour', description: '1:30 PM' },
  { value: '24-hour', label: '24-hour', description: '13:30' },
] as const;

type PreferencesCardProps = {
  settings: Settings;
  save: (body: UpdateGeneralSettingsBody) => Promise<void>;
};

/** Time format, time zone and currency: each saved as soon as it is picked. */
export function PreferencesCard({ settings, save }: PreferencesCardProps) {
  const saved: Preferences = {
    timeFormat: settings.timeFormat,
    timeZone: settings.timeZone,
    currency: settings.currency,
  };
  const { values, choose } = usePendingChoices(saved, save);
  const zone = values.timeZone;
  const currency = values.currency;
  const zones = useCallback(() => withCurrent(timeZoneOptions(), zone, timeZoneLabel), [zone]);
  const currencies = useCallback(
    () => withCurrent(currencyOptions(), currency, currencyLabel),
    [currency],
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Time and currency</CardTitle>
        <CardDescription>How times, days and amounts are shown everywhere.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <RadioChoices
          id="settings-time-format"
          label="Time format"
          value={values.timeFormat}
          options={timeFormatChoices}
          onValueChange={(value) => choose('timeFormat', value)}
        />
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <Combobox
            id="settings-time-zone"
            label="Time zone"
            value={zone}
            valueLabel={timeZoneLabel(zone)}
            onValueChange={(value) => choose('timeZone', value)}
            options={zones}
            searchLabel="Search time zones"
            emptyText="No time zone found"
            hint="“Today”, weeks and report periods follow this zone."
          />
          <Combobox
            id="settings-currency"
            label="Currency"
            value={currency}
            valueLabel={currencyLabel(currency)}
            onValueChange={(value) => choose('currency', value)}
            options={currencies}
            searchLabel="Search currencies"
            emptyText="No currency found"
            hint="Every amount and timesheet is shown in it."
          />
        </div>
      </CardContent>
    </Card>
  );
}
