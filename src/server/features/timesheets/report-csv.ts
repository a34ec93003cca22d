// RFC 4180, UTF-8 with a BOM so Excel reads accents right; layout and formats: decision 023.
// Money and hours are plain decimals, the currency named in the headers.
import { stringify } from 'csv-stringify/sync';
import { formatScaled } from '../../../shared/domain/expenses.ts';
import { endsNextDay } from '../../../shared/domain/format.ts';
import { formatMoneyString, formatPercent } from '../../../shared/domain/money.ts';
import {
  formatHoursMinutes,
  multiplierInWords,
  precisionInWords,
  roundingInWords,
} from '../../../shared/domain/pay-text.ts';
import { LINE_BREAK } from '../../../shared/schemas/line-breaks.ts';
import type { CsvFormat } from '../../../shared/schemas/settings.ts';
import {
  DEFAULT_DEPARTMENT,
  type ReportModel,
  type ReportRow,
  type ReportRuleSet,
  type ReportTax,
  splitOf,
} from './report-model.ts';
import {
  EXPENSES_LABEL,
  EXPENSES_SECTION,
  expenseInWords,
  groupNote,
  hoursText,
  lineInWords,
  NO_SHIFTS,
  OVERTIME_METHOD,
  OVERTIME_SECTION,
  PREMIUMS_LABEL,
  REGULAR_LABEL,
  regularRateInWords,
  setOvertimeInWords,
  setPremiumsInWords,
  taxLabel,
  WHOLE_PERIODS,
} from './report-text.ts';

/**
 * OWASP's CSV injection advice, here because csv-stringify's `escape_formulas` misses LF and NUL.
 * Leading apostrophes get one more, so dropping one always gives back the text ("'=x" → "''=x").
 */
const FORMULA_START = /^'*[=+\-@\t\r\n\v\f\0\u0085\u2028\u2029\uFF1D\uFF0B\uFF0D\uFF20]/;
export const neutralise = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

const conventions: Record<CsvFormat, { delimiter: string; decimal: (text: string) => string }> = {
  comma: { delimiter: ',', decimal: (text) => text },
  semicolon: { delimiter: ';', decimal: (text) => text.replace('.', ',') },
};

/**
 * The table's columns. With premiums or overtime, each shift's pay in its parts (the three sum
 * to its earnings), and its pay lines as rows of their own under it: a 'Pay line' in words and
 * its amount, every figure column of theirs left empty so each column still sums to the totals.
 */
export function csvHeader(
  model: Pick<ReportModel, 'currency' | 'includeNotes'> & Partial<Pick<ReportModel, 'extras'>>,
): string[] {
  const c = model.currency;
  const header = [
    'Date',
    'Department',
    'Start',
    'End',
    'Ends next day',
    'Break (min)',
    'Time (h:mm)',
    'Hours',
    `Rate (${c})`,
    ...(model.extras ? [`Regular pay (${c})`, `Premiums (${c})`, `Overtime, estimate (${c})`] : []),
    `Earnings (${c})`,
    ...(model.extras ? [`Pay line (${c})`, `Line amount (${c})`] : []),
  ];
  return model.includeNotes ? [...header, 'Note'] : header;
}

/** Tax is stated only when it is taken: a 0 % employer's file has no tax line at all. */
const taxApplies = (tax: Pick<ReportTax, 'taxCalculation' | 'taxBasisPoints'>) =>
  tax.taxCalculation !== 'none' && tax.taxBasisPoints > 0;

function taxText(set: ReportRuleSet, decimal: (text: string) => string): string | null {
  if (set.taxCalculation === 'none') return 'None';
  if (!taxApplies(set)) return null;
  const rate = `${decimal(formatPercent(set.taxBasisPoints))}%`;
  return set.taxCalculation === 'add'
    ? `${rate} added to the gross`
    : `${rate} deducted from the gross`;
}

/** A set's rules; labelled with its dates when the rules changed within the sheet. */
function ruleRows(
  set: ReportRuleSet,
  decimal: (text: string) => string,
  dated: boolean,
): string[][] {
  const when = dated ? ` (${set.from} to ${set.to})` : '';
  // Beside a taxed part, an untaxed one says so, even at 0 % under add or deduct.
  const tax = taxText(set, decimal) ?? (dated ? 'None' : null);
  return [
    [`Rounding${when}`, roundingInWords(set.rules)],
    [`Pay${when}`, decimal(precisionInWords(set.rules.precision))],
    ...(tax === null ? [] : [[`Tax${when}`, tax]]),
  ];
}

/** The overtime rules and premiums of a set, when the sheet states them. */
function extrasRows(
  set: ReportRuleSet,
  money: (cents: number) => string,
  dated: boolean,
): string[][] {
  const when = dated ? ` (${set.from} to ${set.to})` : '';
  return [
    [`Overtime${when}`, setOvertimeInWords(set)],
    [`Premiums${when}`, setPremiumsInWords(set, money)],
  ];
}

function aboutRows(model: ReportModel, decimal: (text: string) => string): string[][] {
  const dated = model.ruleSets.length > 1;
  const money = (cents: number) => `${decimal(formatMoneyString(cents))} ${model.currency}`;
  return [
    ['Worker', model.user.name],
    ['Employer', model.employer.name],
    ['Period', `${model.startDate} to ${model.endDate}`],
    ['Due date', model.dueDate],
    ...model.ruleSets.flatMap((set) => [
      ...ruleRows(set, decimal, dated),
      ...(model.extras ? extrasRows(set, money, dated) : []),
    ]),
  ];
}

function summaryRows(model: ReportModel, decimal: (text: string) => string): string[][] {
  const { totals, currency } = model;
  const money = (cents: number) => decimal(formatMoneyString(cents));
  return [
    ['Shifts', String(totals.shifts)],
    ['Total time (h:mm)', formatHoursMinutes(totals.paidMinutes)],
    ['Total hours', decimal(hoursText(model, totals.hundredths))],
    ...(model.extras
      ? [
          [`${REGULAR_LABEL} (${currency})`, money(totals.regularCents)],
          [`${PREMIUMS_LABEL} (${currency})`, money(totals.premiumCents)],
          [`Overtime, estimate (${currency})`, money(totals.overtimeCents)],
        ]
      : []),
    [`Gross (${currency})`, money(totals.grossCents)],
    ...totals.taxes.filter(taxApplies).flatMap((tax) => {
      const percent = formatPercent(tax.taxBasisPoints);
      return [
        // The documents' shared wording, with this file's decimal mark in the rate.
        [
          `${(taxLabel(tax) ?? '').replace(percent, decimal(percent))} (${currency})`,
          money(tax.taxCents),
        ],
        ['Tax rate (%)', decimal(percent)],
      ];
    }),
    ...(totals.expenseCents > 0
      ? [[`${EXPENSES_LABEL} (${currency})`, money(totals.expenseCents)]]
      : []),
    [`Total due (${currency})`, money(totals.dueCents)],
  ];
}

/** Each expense with its date, in words (mileage: distance × rate) and its amount. */
function expenseRows(model: ReportModel, decimal: (text: string) => string): string[][] {
  if (model.expenses.length === 0) return [];
  const { currency } = model;
  const rate = (thousandths: number) => `${decimal(formatScaled(thousandths, 3))} ${currency}`;
  return [
    [EXPENSES_SECTION],
    ['Date', 'Expense', `Amount (${currency})`],
    ...model.expenses.map((expense) => [
      expense.date,
      expenseInWords(expense, rate),
      decimal(formatMoneyString(expense.cents)),
    ]),
  ];
}

/** The shift's row, then with premiums or overtime a row per pay line under it. */
function shiftRecords(
  model: ReportModel,
  row: ReportRow,
  decimal: (text: string) => string,
): string[][] {
  const money = (cents: number) => decimal(formatMoneyString(cents));
  const split = splitOf(row);
  const cells = [
    row.date,
    row.department || DEFAULT_DEPARTMENT,
    row.startTime,
    row.endTime,
    endsNextDay(row.startTime, row.endTime) ? 'Yes' : 'No',
    String(row.breakMinutes),
    formatHoursMinutes(row.paidMinutes),
    decimal(hoursText(model, row.hundredths, row.date)),
    money(row.rateCents),
    ...(model.extras
      ? [money(split.regularCents), money(split.premiumCents), money(split.overtimeCents)]
      : []),
    money(row.earningsCents),
    ...(model.extras ? ['', ''] : []),
  ];
  const records = [model.includeNotes ? [...cells, row.note ?? ''] : cells];
  if (!model.extras) return records;
  for (const line of row.lines ?? []) {
    // The date keeps the line with its shift when sorted; every other figure cell stays empty.
    const lineCells = [
      row.date,
      ...Array<string>(cells.length - 3).fill(''),
      lineInWords(line, money),
      money(line.amountCents),
    ];
    records.push(model.includeNotes ? [...lineCells, ''] : lineCells);
  }
  return records;
}

/** Each workweek (14-day period) of the sheet, as the PDF's overtime summary states it. */
function overtimeRows(model: ReportModel, decimal: (text: string) => string): string[][] {
  if (model.overtimePeriods.length === 0) return [];
  const { currency } = model;
  const money = (cents: number) => decimal(formatMoneyString(cents));
  const multipliers = [
    ...new Set(model.overtimePeriods.flatMap((p) => p.overtimeMinutes.map((m) => m.multiplierBp))),
  ].sort((a, b) => a - b);
  const whole = model.overtimePeriods.some(
    (p) => p.startDate < model.startDate || p.endDate > model.endDate,
  );
  return [
    [OVERTIME_SECTION],
    [
      'Workweek from',
      'Workweek to',
      'Hours worked (h:mm)',
      `Straight-time pay (${currency})`,
      `Regular rate (${currency}/h)`,
      'Regular rate worked out',
      ...multipliers.map((bp) => `Overtime ${multiplierInWords(bp)} (h:mm)`),
      `Overtime premium, estimate (${currency})`,
    ],
    ...model.overtimePeriods.map((p) => [
      p.startDate,
      p.endDate,
      formatHoursMinutes(p.paidMinutes),
      money(p.straightTimeCents),
      money(p.regularRateCentsPerHour),
      regularRateInWords(p, (cents) => `${money(cents)} ${currency}`),
      ...multipliers.map((bp) =>
        formatHoursMinutes(p.overtimeMinutes.find((m) => m.multiplierBp === bp)?.minutes ?? 0),
      ),
      money(p.overtimePremiumCents),
    ]),
    ...(model.overtimeGroup ? [[groupNote(model.overtimeGroup)]] : []),
    [OVERTIME_METHOD],
    ...(whole ? [[WHOLE_PERIODS]] : []),
  ];
}

export function renderCsv(model: ReportModel): Buffer {
  const { delimiter, decimal } = conventions[model.csvFormat ?? 'comma'];
  const header = csvHeader(model);
  const width = header.length;
  const pad = (cells: string[]) => [...cells, ...Array<string>(width - cells.length).fill('')];
  const records: string[][] = [...aboutRows(model, decimal).map(pad), pad([]), header];
  for (const row of model.rows) records.push(...shiftRecords(model, row, decimal));
  // A file of no shifts says so, whatever the summary setting: a bare header row says nothing.
  if (model.includeSummary || model.rows.length === 0) {
    records.push(pad([]));
    if (model.rows.length === 0) records.push(pad([NO_SHIFTS]));
    for (const cells of summaryRows(model, decimal)) records.push(pad(cells));
  }
  const expenses = expenseRows(model, decimal);
  if (expenses.length > 0) {
    records.push(pad([]));
    for (const cells of expenses) records.push(pad(cells));
  }
  const overtime = overtimeRows(model, decimal);
  if (overtime.length > 0) {
    records.push(pad([]));
    for (const cells of overtime) records.push(pad(cells));
  }
  const text = stringify(
    records.map((cells) => cells.map(neutralise)),
    // A field holding any line break is quoted, so the break stays inside the cell: unquoted,
    // a spreadsheet would start a row at it, whose first cell the formula guard never saw.
    { bom: true, delimiter, record_delimiter: 'windows', eof: true, quoted_match: LINE_BREAK },
  );
  return Buffer.from(text, 'utf8');
}
