// RFC 4180, UTF-8 with a BOM so Excel reads accents right; layout and formats: decision 023.
// Money and hours are plain decimals, the currency named in the headers.
import { stringify } from 'csv-stringify/sync';
import { endsNextDay } from '../../../shared/domain/format.ts';
import { formatMoneyString, formatPercent } from '../../../shared/domain/money.ts';
import {
  formatHoursMinutes,
  precisionInWords,
  roundingInWords,
} from '../../../shared/domain/pay-text.ts';
import { LINE_BREAK } from '../../../shared/schemas/line-breaks.ts';
import type { CsvFormat } from '../../../shared/schemas/settings.ts';
import {
  DEFAULT_DEPARTMENT,
  type ReportModel,
  type ReportRuleSet,
  type ReportTax,
} from './report-model.ts';
import { hoursText, NO_SHIFTS, taxLabel } from './report-text.ts';

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

export function csvHeader(model: Pick<ReportModel, 'currency' | 'includeNotes'>): string[] {
  const header = [
    'Date',
    'Department',
    'Start',
    'End',
    'Ends next day',
    'Break (min)',
    'Time (h:mm)',
    'Hours',
    `Rate (${model.currency})`,
    `Earnings (${model.currency})`,
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

function aboutRows(model: ReportModel, decimal: (text: string) => string): string[][] {
  const dated = model.ruleSets.length > 1;
  return [
    ['Worker', model.user.name],
    ['Employer', model.employer.name],
    ['Period', `${model.startDate} to ${model.endDate}`],
    ['Due date', model.dueDate],
    ...model.ruleSets.flatMap((set) => ruleRows(set, decimal, dated)),
  ];
}

function summaryRows(model: ReportModel, decimal: (text: string) => string): string[][] {
  const { totals, currency } = model;
  const money = (cents: number) => decimal(formatMoneyString(cents));
  return [
    ['Shifts', String(totals.shifts)],
    ['Total time (h:mm)', formatHoursMinutes(totals.paidMinutes)],
    ['Total hours', decimal(hoursText(model, totals.hundredths))],
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
    [`Total due (${currency})`, money(totals.totalCents)],
  ];
}

export function renderCsv(model: ReportModel): Buffer {
  const { delimiter, decimal } = conventions[model.csvFormat ?? 'comma'];
  const header = csvHeader(model);
  const width = header.length;
  const pad = (cells: string[]) => [...cells, ...Array<string>(width - cells.length).fill('')];
  const records: string[][] = [...aboutRows(model, decimal).map(pad), pad([]), header];
  for (const row of model.rows) {
    const cells = [
      row.date,
      row.department || DEFAULT_DEPARTMENT,
      row.startTime,
      row.endTime,
      endsNextDay(row.startTime, row.endTime) ? 'Yes' : 'No',
      String(row.breakMinutes),
      formatHoursMinutes(row.paidMinutes),
      decimal(hoursText(model, row.hundredths, row.date)),
      decimal(formatMoneyString(row.rateCents)),
      decimal(formatMoneyString(row.earningsCents)),
    ];
    records.push(model.includeNotes ? [...cells, row.note ?? ''] : cells);
  }
  // A file of no shifts says so, whatever the summary setting: a bare header row says nothing.
  if (model.includeSummary || model.rows.length === 0) {
    records.push(pad([]));
    if (model.rows.length === 0) records.push(pad([NO_SHIFTS]));
    for (const cells of summaryRows(model, decimal)) records.push(pad(cells));
  }
  const text = stringify(
    records.map((cells) => cells.map(neutralise)),
    // A field holding any line break is quoted, so the break stays inside the cell: unquoted,
    // a spreadsheet would start a row at it, whose first cell the formula guard never saw.
    { bom: true, delimiter, record_delimiter: 'windows', eof: true, quoted_match: LINE_BREAK },
  );
  return Buffer.from(text, 'utf8');
}
