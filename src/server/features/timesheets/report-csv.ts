/**
 * The CSV timesheet: RFC 4180 (CRLF, quotes where needed), UTF-8 with a BOM so Excel reads
 * accents right, one row per log, then, when the user's "include summary" is on (or there is no
 * log at all), an empty row and the totals. Made for spreadsheets: ISO dates, 24-hour times, hours and money as plain
 * decimals ('187.50'), the currency named in the money headers ('Rate (EUR)'); every record has
 * the same number of fields.
 */
import { stringify } from 'csv-stringify/sync';
import { formatMoneyString, formatPercent } from '../../../shared/domain/money.ts';
import { formatHours } from '../../../shared/domain/rounding.ts';
import { DEFAULT_DEPARTMENT, type ReportModel } from './report-model.ts';
import { NO_SHIFTS, taxLabel } from './report-text.ts';

/**
 * A cell a spreadsheet could run as a formula (or that starts with a control character) gets a
 * leading apostrophe: OWASP's CSV injection advice. csv-stringify's `escape_formulas` misses
 * LF and NUL, so the rule lives here, once. Our own figures never start with these characters
 * (no amount is negative); notes, departments and names may. A text that already starts with
 * apostrophes and then such a character gets one more, so that dropping one leading apostrophe
 * from a cell that starts with apostrophes and a formula character always gives back the text
 * (a note "'=x" is written "''=x", never confused with "=x").
 */
const FORMULA_START = /^'*[=+\-@\t\r\n\0\uFF1D\uFF0B\uFF0D\uFF20]/;
export const neutralise = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

export function csvHeader(model: Pick<ReportModel, 'currency' | 'includeNotes'>): string[] {
  const header = [
    'Date',
    'Department',
    'Start',
    'End',
    'Break (min)',
    'Hours',
    `Rate (${model.currency})`,
    `Earnings (${model.currency})`,
  ];
  return model.includeNotes ? [...header, 'Note'] : header;
}

function summaryRows(model: ReportModel): string[][] {
  const { totals } = model;
  const tax = taxLabel(model);
  return [
    ['Employer', model.employer.name],
    ['Period', `${model.startDate} to ${model.endDate}`],
    ['Due date', model.dueDate],
    ['Shifts', String(totals.shifts)],
    ['Total hours', formatHours(totals.tenths)],
    [`Gross (${model.currency})`, formatMoneyString(totals.grossCents)],
    ...(tax
      ? [[`${tax} (${model.currency})`, formatMoneyString(totals.taxCents)]]
      : [['Tax', 'none']]),
    [`Total due (${model.currency})`, formatMoneyString(totals.totalCents)],
    ...(model.taxCalculation === 'none'
      ? []
      : [['Tax rate (%)', formatPercent(model.taxBasisPoints)]]),
  ];
}

export function renderCsv(model: ReportModel): Buffer {
  const header = csvHeader(model);
  const width = header.length;
  const pad = (cells: string[]) => [...cells, ...Array<string>(width - cells.length).fill('')];
  const records: string[][] = [header];
  for (const row of model.rows) {
    const cells = [
      row.date,
      row.department || DEFAULT_DEPARTMENT,
      row.startTime,
      row.endTime,
      String(row.breakMinutes),
      formatHours(row.tenths),
      formatMoneyString(row.rateCents),
      formatMoneyString(row.earningsCents),
    ];
    records.push(model.includeNotes ? [...cells, row.note ?? ''] : cells);
  }
  // A file of no shifts says so, whatever the summary setting: a bare header row says nothing.
  if (model.includeSummary || model.rows.length === 0) {
    records.push(pad([]));
    if (model.rows.length === 0) records.push(pad([NO_SHIFTS]));
    for (const cells of summaryRows(model)) records.push(pad(cells));
  }
  const text = stringify(
    records.map((cells) => cells.map(neutralise)),
    { bom: true, record_delimiter: 'windows', eof: true },
  );
  return Buffer.from(text, 'utf8');
}
