import { FileSearch, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsDesktop } from '@/lib/use-media-query';
import {
  daysBetween,
  formatMoneyString,
  formatPercent,
  isValidDate,
} from '../../../../shared/domain/index.ts';
import {
  formatHoursMinutes,
  formatHundredths,
  precisionInWords,
  roundingInWords,
  taxInWords,
} from '../../../../shared/domain/pay-text.ts';
import {
  type RuleSet,
  ruleSetsFor,
  versionsOfEmployer,
} from '../../../../shared/domain/rule-sets.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import { MAX_REPORT_DAYS } from '../../../../shared/schemas/timesheets.ts';
import { type ReportLogParams, useReportLogs } from '../api/get-report-logs';
import { PreviewCards, PreviewTable } from './preview-rows';
import { extrasInWords, reportHasExtras } from './report-extras';
import { placesOn, reportSummary } from './report-summary';
import { formatPeriod } from './report-text';
import { TotalsList, totalsLines } from './report-totals-list';

/** More rows than this are left out of the preview (the totals still cover them all). */
export const PREVIEW_ROW_LIMIT = 200;

type ReportPreviewProps = {
  employer: Employer | undefined;
  startDate: string;
  endDate: string;
  includeNotes: boolean;
  settings: Pick<Settings, 'timeFormat' | 'includeSummary'>;
  currency: string;
};

/** The logs to ask for, once the form names an employer and a range the server accepts. */
export function previewParams(
  employer: Employer | undefined,
  startDate: string,
  endDate: string,
): ReportLogParams | null {
  if (!employer || !isValidDate(startDate) || !isValidDate(endDate)) return null;
  if (startDate < '2020-01-01') return null;
  const days = daysBetween(startDate, endDate);
  if (days < 0 || days >= MAX_REPORT_DAYS) return null;
  return { employerId: employer.id, from: startDate, to: endDate };
}

const shiftCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'shift' : 'shifts'}`;

/** From the same rows and shared sums as the file, so the file says what this says. */
export function ReportPreview(props: ReportPreviewProps) {
  const { employer, startDate, endDate, includeNotes, settings, currency } = props;
  const params = previewParams(employer, startDate, endDate);
  const logs = useReportLogs(params);
  const isDesktop = useIsDesktop();

  let description = 'Choose an employer and a date range to see what the report will contain.';
  let content: ReactNode = (
    <Quiet icon>The shifts and totals of the report show here as you fill in the form.</Quiet>
  );
  if (params && employer) {
    description = `${employer.name}, ${formatPeriod(params.from, params.to)}`;
    if (logs.isError && !logs.data) {
      content = (
        <div role="alert" className="flex flex-wrap items-center gap-3 py-6">
          <p>The preview could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        </div>
      );
    } else if (!logs.data) {
      content = <PreviewSkeleton />;
    } else if (logs.data.length === 0) {
      content = <Quiet icon>No shifts in this range</Quiet>;
    } else {
      // The employer's own rules and tax of these dates, as the generated file will use them.
      const sets = ruleSetsFor(versionsOfEmployer(employer), params);
      const summary = reportSummary(logs.data, sets);
      const extras = reportHasExtras(employer, params, logs.data);
      const shown = logs.data.slice(0, PREVIEW_ROW_LIMIT);
      const rowProps = {
        logs: shown,
        timeFormat: settings.timeFormat,
        currency,
        includeNotes,
        places: (date: string) => placesOn(sets, date),
      };
      description = `${description} · ${shiftCount(summary.shifts)}`;
      content = (
        <div className="space-y-4" aria-busy={logs.isFetching || undefined}>
          {isDesktop ? <PreviewTable {...rowProps} /> : <PreviewCards {...rowProps} />}
          {shown.length < logs.data.length ? (
            <p className="text-muted-foreground text-sm">
              Showing the first {shown.length} of {shiftCount(logs.data.length)}; the report lists
              them all and the totals below include them all.
            </p>
          ) : null}
          <section aria-labelledby="preview-summary-title" className="ml-auto max-w-sm space-y-2">
            <h3 id="preview-summary-title" className="font-semibold text-sm">
              Payment summary
            </h3>
            <TotalsList
              label="Payment summary"
              lines={totalsLines({
                totalTime: formatHoursMinutes(summary.paidMinutes),
                totalHours: formatHundredths(summary.hundredths, placesOn(sets)),
                ...(extras
                  ? {
                      split: {
                        regular: formatMoneyString(summary.regularCents),
                        premiums: formatMoneyString(summary.premiumCents),
                        overtime: formatMoneyString(summary.overtimeCents),
                      },
                    }
                  : {}),
                gross: formatMoneyString(summary.grossCents),
                expenses: formatMoneyString(summary.expenseCents),
                totalDue: formatMoneyString(summary.totalCents + summary.expenseCents),
                taxes: summary.taxes.map((tax) => ({
                  method: tax.taxMethod,
                  taxRate: formatPercent(tax.taxBasisPoints),
                  tax: formatMoneyString(tax.taxCents),
                })),
                currency,
              })}
            />
            <RulesInWords
              sets={sets}
              extras={extras ? (date) => extrasInWords(employer, date, currency) : undefined}
            />
            {extras ? (
              <p className="text-muted-foreground text-xs">
                Overtime is an estimate: overtime hours × (multiplier − 1) × the week’s regular
                rate. The file shows each workweek’s figures.
              </p>
            ) : null}
            {settings.includeSummary ? null : (
              <p className="text-muted-foreground text-xs">
                Your export settings leave this summary out of the file.
              </p>
            )}
          </section>
        </div>
      );
    }
  }

  return (
    <section aria-labelledby="report-preview-title" className="min-w-0">
      <Card>
        <CardHeader>
          <CardTitle id="report-preview-title">Preview</CardTitle>
          <CardDescription className="[overflow-wrap:anywhere]">{description}</CardDescription>
        </CardHeader>
        <CardContent>{content}</CardContent>
      </Card>
    </section>
  );
}

/**
 * The rules the file states, one sentence each; dated when they changed within the range. With
 * premiums or overtime, those of each set too.
 */
function RulesInWords({
  sets,
  extras,
}: {
  sets: readonly RuleSet[];
  extras?: ((date: string) => string[]) | undefined;
}) {
  const words = ({ version, from }: RuleSet) =>
    `${[
      roundingInWords(version),
      precisionInWords(version.payPrecision),
      taxInWords(version),
      ...(extras ? extras(from) : []),
    ].join('. ')}.`;
  if (sets.length === 1) {
    return <p className="text-muted-foreground text-xs">{words(sets[0]!)}</p>;
  }
  return (
    <ul className="space-y-1 text-muted-foreground text-xs">
      {sets.map((set) => (
        <li key={set.from}>
          {formatPeriod(set.from, set.to)}: {words(set)}
        </li>
      ))}
    </ul>
  );
}

function Quiet({ children, icon }: { children: ReactNode; icon?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground text-sm">
      {icon ? <FileSearch aria-hidden="true" className="size-8" /> : null}
      <p>{children}</p>
    </div>
  );
}

function PreviewSkeleton() {
  return (
    <div className="grid gap-3 py-2">
      <span className="sr-only" role="status">
        Loading the preview
      </span>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-5 w-full" />
      ))}
    </div>
  );
}
