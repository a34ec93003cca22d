import {
  formatDuration,
  formatMoney,
  formatPercentage,
  parseMoney,
  parsePercent,
  type TaxCalculation,
} from '../../../../shared/domain/index.ts';

export type TotalsLine = { term: string; value: string; strong?: boolean };

/** The tax line as the export preview words it: 'Tax added (15.00%)', '+$28.13'. */
export function taxLine(
  method: TaxCalculation,
  taxRate: string | undefined,
  tax: string,
  currency: string,
): TotalsLine {
  // As the file: no tax is taken at 0 %, whatever the method.
  if (taxRate !== undefined && parsePercent(taxRate) === 0) return NOT_APPLIED;
  const rate = taxRate === undefined ? '' : ` (${formatPercentage(taxRate)})`;
  if (method === 'add')
    return { term: `Tax added${rate}`, value: `+${formatMoney(tax, currency)}` };
  if (method === 'deduct') {
    return { term: `Tax deducted${rate}`, value: `−${formatMoney(tax, currency)}` };
  }
  return NOT_APPLIED;
}

const NOT_APPLIED: TotalsLine = { term: 'Tax', value: 'Not applied' };

type Tax = {
  method: TaxCalculation;
  tax: string;
  /** The employer's rate, when known (a generated timesheet keeps only the amounts). */
  taxRate?: string;
};

type ReportTotals = {
  totalHours: string;
  /** The file's total time paid, 'h:mm', when the preview knows it. */
  totalTime?: string;
  /** The gross in its parts (money strings), when the report has premiums or overtime. */
  split?: { regular: string; premiums: string; overtime: string };
  gross: string;
  /** Expenses paid back, never taxed (a money string); no line when '0.00' or absent. */
  expenses?: string;
  totalDue: string;
  currency: string;
} & (
  | Tax
  | { /** One per tax method and rate, when the tax changed within the range. */ taxes: Tax[] }
);

export function totalsLines(totals: ReportTotals): TotalsLine[] {
  const taxes = 'taxes' in totals ? totals.taxes : [totals];
  const lines = taxes.map((t) => taxLine(t.method, t.taxRate, t.tax, totals.currency));
  // As the file: one line per tax taken; 'Not applied' only when none is.
  const taken = lines.filter((line) => line.value !== NOT_APPLIED.value);
  const taxLines = taken.length > 0 ? taken : [NOT_APPLIED];
  return [
    ...(totals.totalTime === undefined ? [] : [{ term: 'Total time', value: totals.totalTime }]),
    { term: 'Total hours', value: formatDuration(totals.totalHours) },
    ...(totals.split === undefined
      ? []
      : [
          { term: 'Regular pay', value: formatMoney(totals.split.regular, totals.currency) },
          { term: 'Premiums', value: formatMoney(totals.split.premiums, totals.currency) },
          {
            term: 'Overtime (estimate)',
            value: formatMoney(totals.split.overtime, totals.currency),
          },
        ]),
    { term: 'Gross earnings', value: formatMoney(totals.gross, totals.currency) },
    ...taxLines,
    ...(totals.expenses !== undefined && (parseMoney(totals.expenses) ?? 0) > 0
      ? [
          {
            term: 'Expenses (not taxed)',
            value: `+${formatMoney(totals.expenses, totals.currency)}`,
          },
        ]
      : []),
    { term: 'Total due', value: formatMoney(totals.totalDue, totals.currency), strong: true },
  ];
}

export function TotalsList({ lines, label }: { lines: TotalsLine[]; label: string }) {
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-[1fr_auto] gap-y-1 text-sm [overflow-wrap:anywhere]"
    >
      {lines.map(({ term, value, strong }) => (
        <div key={term} className="contents">
          <dt className={strong ? 'border-t pt-1 font-semibold' : 'text-muted-foreground'}>
            {term}
          </dt>
          <dd
            className={
              strong
                ? 'border-t pt-1 pl-6 text-right font-semibold tabular-nums'
                : 'pl-6 text-right tabular-nums'
            }
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
