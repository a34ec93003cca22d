import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { Switch } from '@/components/ui/switch';
import type { ToastInput } from '@/components/ui/use-toast';
import { MailAccountCard } from '@/features/mail-account';
import { useAutosave } from '@/lib/use-autosave';
import {
  type RoundTime,
  roundTimeLabels,
  roundTimeOptions,
  type Settings,
  taxCalculationLabels,
} from '../../../../shared/schemas/settings.ts';
import { useUpdateExportSettings } from '../api/update-export-settings';
import { ExportPreview } from './export-preview';
import { RadioChoices } from './radio-choices';
import { SaveIndicator } from './save-indicator';
import { usePendingChoices } from './use-pending-choices';

type ExportChoices = Pick<
  Settings,
  'defaultExportFormat' | 'roundTime' | 'taxCalculation' | 'includeSummary' | 'csvFormat'
>;

const formatChoices = [
  { value: 'pdf', label: 'PDF' },
  { value: 'csv', label: 'CSV' },
] as const;

const csvFormatChoices = [
  {
    value: 'comma',
    label: 'Comma-separated',
    description: 'Decimal points: 1234.50. For spreadsheets in English.',
  },
  {
    value: 'semicolon',
    label: 'Semicolon-separated',
    description: 'Decimal commas: 1234,50. For spreadsheets in German, French and other locales.',
  },
] as const;

const taxChoices = [
  { value: 'add', label: taxCalculationLabels.add, description: 'Total due is gross plus tax.' },
  {
    value: 'deduct',
    label: taxCalculationLabels.deduct,
    description: 'Total due is gross minus tax.',
  },
  { value: 'none', label: taxCalculationLabels.none, description: 'Total due is the gross.' },
] as const;

/** docs/product/screens.md#form-rules; a stored '5' is shown too, so the field never lies. */
const offeredRounding: readonly RoundTime[] = ['none', '15', '30', '60'];
const roundingOptions = (current: RoundTime) =>
  (offeredRounding.includes(current) ? offeredRounding : roundTimeOptions).map((value) => ({
    value,
    label: roundTimeLabels[value],
  }));

const failureToast = (): ToastInput => ({
  title: 'Not saved',
  description: 'Unable to save export settings. Please check your connection and try again.',
  variant: 'destructive',
});

/** docs/product/screens.md#settings. */
export function ExportTab({ settings }: { settings: Settings }) {
  const { mutateAsync } = useUpdateExportSettings();
  const { status, save } = useAutosave(mutateAsync, failureToast);
  const saved: ExportChoices = {
    defaultExportFormat: settings.defaultExportFormat,
    roundTime: settings.roundTime,
    taxCalculation: settings.taxCalculation,
    includeSummary: settings.includeSummary,
    csvFormat: settings.csvFormat,
  };
  const { values, choose } = usePendingChoices(saved, save);

  return (
    <div className="space-y-6">
      <MailAccountCard />
      {/* In the gap above its card, so the cards keep the page's usual spacing. */}
      <div className="relative">
        <SaveIndicator status={status} className="absolute right-0 bottom-full mb-1 justify-end" />
        <Card>
          <CardHeader>
            <CardTitle>Export settings</CardTitle>
            <CardDescription>
              Defaults for timesheets, and how hours and tax are counted.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <RadioChoices
              id="settings-export-format"
              label="Default export format"
              value={values.defaultExportFormat}
              options={formatChoices}
              onValueChange={(value) => choose('defaultExportFormat', value)}
            />
            <RadioChoices
              id="settings-csv-format"
              label="CSV format"
              value={values.csvFormat}
              options={csvFormatChoices}
              onValueChange={(value) => choose('csvFormat', value)}
            />
            <SelectField
              id="settings-round-time"
              label="Round time"
              value={values.roundTime}
              onValueChange={(value) => choose('roundTime', value)}
              options={roundingOptions(values.roundTime)}
              hint="The rounding a new employer starts with, to the nearest step; each employer keeps its own (Employers → Edit)."
              className="max-w-sm"
            />
            <RadioChoices
              id="settings-tax"
              label="Tax calculation"
              value={values.taxCalculation}
              options={taxChoices}
              onValueChange={(value) => choose('taxCalculation', value)}
              hint="The method a new employer starts with; each employer keeps its own (Employers → Edit)."
              className="max-w-none sm:grid-cols-3"
            />
            <Field
              id="settings-include-summary"
              label="Include summary"
              hint="Totals, tax and total due at the end of each timesheet."
              hintClassName="text-sm"
              layout="inline"
            >
              <Switch
                checked={values.includeSummary}
                onCheckedChange={(checked) => choose('includeSummary', checked)}
              />
            </Field>
          </CardContent>
        </Card>
      </div>
      <ExportPreview
        choices={values}
        timeFormat={settings.timeFormat}
        currency={settings.currency}
      />
    </div>
  );
}
