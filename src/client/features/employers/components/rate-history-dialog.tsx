import { useId } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useCurrency, userTimeZone, useSettings } from '@/features/settings';
import { useIsDesktop } from '@/lib/use-media-query';
import {
  formatDisplayDate,
  formatHourlyRate,
  formatPercentage,
} from '../../../../shared/domain/format.ts';
import type { Employer, RateHistory } from '../../../../shared/schemas/employers.ts';
import { useRateHistory } from '../api/get-rate-history';
import { overtimeShort, premiumsShort } from './employer-card';
import {
  payPrecisionLabels,
  roundingDirectionLabels,
  roundingInWords,
  roundingStepLabels,
  taxInWords,
  taxMethodLabels,
} from './employer-labels';

type RateHistoryDialogProps = {
  employer: Employer | undefined;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** The employer's rates and rules by effective date, and who changed what (decision 036). */
export function RateHistoryDialog({
  employer,
  onOpenChange,
  onCloseAutoFocus,
}: RateHistoryDialogProps) {
  return (
    <Dialog open={employer !== undefined} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Rate history</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            {employer ? `The rates, rules and tax of ${employer.name}, newest first.` : ''}
          </DialogDescription>
        </DialogHeader>
        {employer ? <RateHistoryBody employerId={employer.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RateHistoryBody({ employerId }: { employerId: number }) {
  const history = useRateHistory(employerId);
  if (history.isPending) {
    return (
      <div role="status" aria-label="Loading the rate history" className="space-y-2">
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-2/3" />
      </div>
    );
  }
  if (history.isError) {
    return <RetryAlert query={history}>Could not load the rate history.</RetryAlert>;
  }
  return (
    <div className="max-h-[60vh] space-y-6 overflow-y-auto">
      <Versions versions={history.data.versions} />
      <Changes changes={history.data.changes} />
    </div>
  );
}

function Versions({ versions }: { versions: RateHistory['versions'] }) {
  const currency = useCurrency();
  const isDesktop = useIsDesktop();
  const titleId = useId();
  const from = (v: RateHistory['versions'][number]) =>
    v.effectiveFrom ? formatDisplayDate(v.effectiveFrom) : 'The beginning';
  if (!isDesktop) {
    // Cards on a phone, so nothing hides past the right edge.
    return (
      <section aria-labelledby={titleId}>
        <h3 id={titleId} className="mb-2 font-medium text-sm">
          Rates and rules
        </h3>
        <ul className="space-y-2 text-sm">
          {versions.map((v) => (
            <li key={v.effectiveFrom ?? 'start'} className="rounded-md border p-3">
              <h4 className="font-medium">
                {v.effectiveFrom ? `From ${from(v)}` : 'From the beginning'}
              </h4>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                <dt className="text-muted-foreground">Rate</dt>
                <dd>{formatHourlyRate(v.hourlyRate, currency)}</dd>
                <dt className="text-muted-foreground">Rounding</dt>
                <dd>{roundingInWords(v)}</dd>
                <dt className="text-muted-foreground">Precision</dt>
                <dd>{payPrecisionLabels[v.payPrecision]}</dd>
                <dt className="text-muted-foreground">Tax</dt>
                <dd>{taxInWords(v)}</dd>
                <dt className="text-muted-foreground">Overtime</dt>
                <dd>{overtimeShort(v.overtime) ?? 'None'}</dd>
                <dt className="text-muted-foreground">Premiums</dt>
                <dd>{premiumsShort(v.premiums, currency) ?? 'None'}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <Table>
      <TableCaption className="caption-top text-left font-medium text-foreground">
        Rates and rules
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">From</TableHead>
          <TableHead scope="col">Rate</TableHead>
          <TableHead scope="col">Rounding</TableHead>
          <TableHead scope="col">Precision</TableHead>
          <TableHead scope="col">Tax</TableHead>
          <TableHead scope="col">Overtime</TableHead>
          <TableHead scope="col">Premiums</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {versions.map((v) => (
          <TableRow key={v.effectiveFrom ?? 'start'}>
            <TableCell>{from(v)}</TableCell>
            <TableCell>{formatHourlyRate(v.hourlyRate, currency)}</TableCell>
            <TableCell>{roundingInWords(v)}</TableCell>
            <TableCell>{payPrecisionLabels[v.payPrecision]}</TableCell>
            <TableCell>{taxInWords(v)}</TableCell>
            <TableCell>{overtimeShort(v.overtime) ?? 'None'}</TableCell>
            <TableCell>{premiumsShort(v.premiums, currency) ?? 'None'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const fieldLabels = {
  rate: 'Rate',
  roundingStep: 'Rounding',
  roundingDirection: 'Rounding direction',
  payPrecision: 'Precision',
  taxMethod: 'Tax method',
  taxRate: 'Tax rate',
  overtime: 'Overtime',
  premiums: 'Premiums',
} as const;

type Change = RateHistory['changes'][number];

function valueInWords(change: Change, value: string, currency: string): string {
  if (change.field === 'rate') return formatHourlyRate(value, currency);
  if (change.field === 'taxRate') return formatPercentage(value);
  // Stored in words already ("US federal (over 40 h a week); workweek from Sunday 00:00").
  if (change.field === 'overtime' || change.field === 'premiums') return value;
  const labels: Record<string, string> =
    change.field === 'taxMethod'
      ? taxMethodLabels
      : change.field === 'roundingStep'
        ? roundingStepLabels
        : change.field === 'roundingDirection'
          ? roundingDirectionLabels
          : payPrecisionLabels;
  return labels[value] ?? value;
}

function appliesInWords(change: Change): string {
  if (change.applies === 'every') return 'every shift';
  if (change.applies === 'new')
    return `new shifts (from ${formatDisplayDate(change.appliesFrom!)})`;
  return `shifts from ${formatDisplayDate(change.appliesFrom!)}`;
}

function Changes({ changes }: { changes: RateHistory['changes'] }) {
  const changesId = useId();
  const currency = useCurrency();
  const timeZone = userTimeZone(useSettings().data);
  const when = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  return (
    <section aria-labelledby={changesId}>
      <h3 id={changesId} className="mb-2 font-medium text-sm">
        Changes
      </h3>
      {changes.length === 0 ? (
        <p className="text-muted-foreground text-sm">No changes yet.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {changes.map((c) => (
            <li key={c.id} className="rounded-md border p-3">
              <p className="font-medium">
                {fieldLabels[c.field]}: {valueInWords(c, c.oldValue, currency)} →{' '}
                {valueInWords(c, c.newValue, currency)}, for {appliesInWords(c)}
              </p>
              <p className="text-muted-foreground">
                <time dateTime={c.changedAt}>{when.format(new Date(c.changedAt))}</time>
                {c.changedBy ? ` by ${c.changedBy}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
