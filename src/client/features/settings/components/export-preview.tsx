import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  formatCurrency,
  formatDuration,
  formatHourlyRate,
  formatHours,
  formatMoneyString,
  formatPercent,
} from '../../../../shared/domain/index.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import { SAMPLE_RATE_CENTS, SAMPLE_TAX_BASIS_POINTS, sampleExport } from './sample-export';
import { SampleRows } from './sample-rows';

type ExportPreviewProps = {
  choices: Pick<
    Settings,
    'defaultExportFormat' | 'roundTime' | 'taxCalculation' | 'includeSummary'
  >;
  timeFormat: Settings['timeFormat'];
  currency: string;
};

/** docs/product/screens.md#settings. */
export function ExportPreview({ choices, timeFormat, currency }: ExportPreviewProps) {
  const sample = sampleExport(choices.roundTime, choices.taxCalculation);
  const money = (cents: number) => formatCurrency(cents, currency);
  const rate = formatHourlyRate(formatMoneyString(SAMPLE_RATE_CENTS), currency);
  const taxRate = `${formatPercent(SAMPLE_TAX_BASIS_POINTS).replace(/\.00$/, '')}%`;
  const { tax } = sample;
  const taxLine = {
    add: { term: `Tax added (${taxRate})`, value: `+${money(tax.taxCents)}` },
    deduct: { term: `Tax deducted (${taxRate})`, value: `−${money(tax.taxCents)}` },
    none: { term: 'Tax', value: 'Not applied' },
  }[choices.taxCalculation];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sample export preview</CardTitle>
        <CardDescription>
          Made-up shifts at {rate} and {taxRate} tax, as a{' '}
          {choices.defaultExportFormat.toUpperCase()} export would show them with the settings
          above.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <SampleRows rows={sample.rows} timeFormat={timeFormat} currency={currency} />
        {choices.includeSummary ? (
          <dl
            aria-label="Sample summary"
            className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm"
          >
            <SummaryLine
              term="Total hours"
              value={formatDuration(formatHours(sample.totals.tenths))}
            />
            <SummaryLine term="Gross earnings" value={money(tax.grossCents)} />
            <SummaryLine term={taxLine.term} value={taxLine.value} />
            <SummaryLine term="Total due" value={money(tax.totalCents)} strong />
          </dl>
        ) : (
          <p className="text-muted-foreground text-sm">
            Exports leave out the summary (totals, tax and total due).
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SummaryLine({ term, value, strong }: { term: string; value: string; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? 'border-t pt-1 font-semibold' : 'text-muted-foreground'}>{term}</dt>
      <dd
        className={
          strong ? 'border-t pt-1 text-right font-semibold tabular-nums' : 'text-right tabular-nums'
        }
      >
        {value}
      </dd>
    </>
  );
}
