import { formatMileageRate } from '../../../shared/domain/expenses.ts';
import {
  endsNextDay,
  formatBreak,
  formatClock,
  formatCurrency,
  formatDisplayDate,
  formatDuration,
} from '../../../shared/domain/format.ts';
import { formatHoursMinutes } from '../../../shared/domain/pay-text.ts';
import { DEFAULT_DEPARTMENT, type ReportModel, type ReportRow, splitOf } from './report-model.ts';
import type { PdfLayout } from './report-pdf-layout.ts';
import { type ColumnKey, columns, grid, ink } from './report-pdf-style.ts';
import {
  EXPENSES_LABEL,
  EXPENSES_SECTION,
  expenseInWords,
  groupNote,
  hoursText,
  lineInWords,
  NO_SHIFTS,
  OVERTIME_LABEL,
  OVERTIME_METHOD,
  OVERTIME_SECTION,
  overtimeHoursInWords,
  overtimeMinutesOf,
  PREMIUMS_LABEL,
  periodDates,
  REGULAR_LABEL,
  regularRateInWords,
  taxLine,
  WHOLE_PERIODS,
} from './report-text.ts';

const PAD = 4;
const NOTE_STYLE = { size: 7.5, color: ink.muted };
const LINE_STYLE = { size: 7.5, color: ink.text };

/**
 * The shift's pay lines under its row, when it has premium or overtime lines: its regular pay,
 * then each stored line, so the row's amount reads as their sum.
 */
function payLinesOf(pdf: PdfLayout, row: ReportRow): string[] {
  const lines = row.lines ?? [];
  if (lines.length === 0) return [];
  const money = (cents: number) => formatCurrency(cents, pdf.model.currency);
  return [
    `${REGULAR_LABEL} ${money(splitOf(row).regularCents)}`,
    ...lines.map((line) => lineInWords(line, money)),
  ];
}
const NEXT_DAY = '(+1) The shift ends the next day.';

/** Each column's x and width, scaled from A4's widths to this page. */
export function columnBoxes(
  pdf: Pick<PdfLayout, 'left' | 'width'>,
): Record<ColumnKey, { x: number; width: number }> {
  const scale = pdf.width / 515;
  let x = pdf.left;
  const boxes = {} as Record<ColumnKey, { x: number; width: number }>;
  for (const key of Object.keys(columns) as ColumnKey[]) {
    const width = columns[key].width * scale;
    boxes[key] = { x, width };
    x += width;
  }
  return boxes;
}

/** The header row where the table starts; page furniture where it is repeated. */
function drawColumnTitles(
  pdf: PdfLayout,
  boxes: ReturnType<typeof columnBoxes>,
  repeated: boolean,
): void {
  pdf.fillRect(pdf.left, pdf.y, pdf.width, grid.tableHeaderHeight, pdf.accent);
  const titles = () => {
    for (const key of Object.keys(columns) as ColumnKey[]) {
      const { x, width } = boxes[key];
      const draw = () =>
        pdf.line(columns[key].title, x + PAD, pdf.y + 5, width - 2 * PAD, {
          size: 8,
          bold: true,
          color: ink.white,
          align: columns[key].align,
        });
      if (repeated) draw();
      else pdf.tag('TH', draw);
    }
  };
  if (repeated) pdf.artifact(titles, 'Pagination');
  else pdf.group('TR', titles);
  pdf.y += grid.tableHeaderHeight;
}

const hoursOf = (model: ReportModel, hundredths: number, date?: string) =>
  hoursText(model, hundredths, date);

function cells(pdf: PdfLayout, row: ReportRow): Record<ColumnKey, string> {
  const { timeFormat, currency } = pdf.model;
  const nextDay = endsNextDay(row.startTime, row.endTime);
  return {
    date: formatDisplayDate(row.date),
    department: row.department || DEFAULT_DEPARTMENT,
    start: formatClock(row.startTime, timeFormat),
    end: `${formatClock(row.endTime, timeFormat)}${nextDay ? ' (+1)' : ''}`,
    break: formatBreak(row.breakMinutes),
    time: formatHoursMinutes(row.paidMinutes),
    hours: hoursOf(pdf.model, row.hundredths, row.date),
    rate: formatCurrency(row.rateCents, currency),
    earnings: formatCurrency(row.earningsCents, currency),
  };
}

export function drawShiftTable(pdf: PdfLayout): void {
  const { model } = pdf;
  const boxes = columnBoxes(pdf);
  pdf.ensure(grid.tableHeaderHeight + grid.rowHeight * 2);
  pdf.group('Table', () => {
    drawColumnTitles(pdf, boxes, false);
    pdf.onNewPage = () => drawColumnTitles(pdf, boxes, true);
    if (model.rows.length === 0) {
      pdf.group('TR', () =>
        pdf.tag('TD', () =>
          pdf.line(NO_SHIFTS, pdf.left + PAD, pdf.y + 8, pdf.width - 2 * PAD, {
            color: ink.muted,
          }),
        ),
      );
      pdf.y += grid.rowHeight + 12;
    }
    const noteWidth = pdf.width - 6 * PAD;
    model.rows.forEach((row, index) => {
      const note = model.includeNotes && row.note ? `Note: ${row.note}` : null;
      const payLines = payLinesOf(pdf, row);
      const lineHeights = payLines.map((text) => pdf.heightOf(text, noteWidth, LINE_STYLE));
      const linesHeight = lineHeights.reduce((sum, h) => sum + h, 0) + (payLines.length ? 2 : 0);
      const noteHeight = note ? pdf.heightOf(note, noteWidth, NOTE_STYLE) + 4 : 0;
      pdf.ensure(grid.rowHeight + linesHeight + noteHeight);
      if (index % 2 === 1)
        pdf.fillRect(
          pdf.left,
          pdf.y,
          pdf.width,
          grid.rowHeight + linesHeight + noteHeight,
          ink.zebra,
        );
      const text = cells(pdf, row);
      pdf.group('TR', () => {
        for (const key of Object.keys(columns) as ColumnKey[]) {
          const { x, width } = boxes[key];
          pdf.tag('TD', () =>
            pdf.line(text[key], x + PAD, pdf.y + 4, width - 2 * PAD, {
              size: 8.5,
              align: columns[key].align,
            }),
          );
        }
      });
      // Each pay line is a row of its own, one cell across the table, read after its shift.
      let lineY = pdf.y + grid.rowHeight - 1;
      payLines.forEach((text, i) => {
        const y = lineY;
        pdf.group('TR', () =>
          pdf.tag('TD', () => pdf.paragraph(text, pdf.left + 3 * PAD, y, noteWidth, LINE_STYLE)),
        );
        lineY += lineHeights[i]!;
      });
      if (note) {
        // The note is a row of its own, one cell across the table, read after its shift.
        pdf.group('TR', () =>
          pdf.tag('TD', () =>
            pdf.paragraph(
              note,
              pdf.left + 3 * PAD,
              pdf.y + grid.rowHeight - 1 + linesHeight,
              noteWidth,
              NOTE_STYLE,
            ),
          ),
        );
      }
      pdf.y += grid.rowHeight + linesHeight + noteHeight;
    });
    pdf.onNewPage = undefined;
  });
  pdf.rule(pdf.y, ink.muted);
  pdf.y += 6;
  if (model.rows.some((row) => endsNextDay(row.startTime, row.endTime))) {
    pdf.ensure(14);
    pdf.tag('P', () => pdf.line(NEXT_DAY, pdf.left + PAD, pdf.y, pdf.width - 2 * PAD, NOTE_STYLE));
    pdf.y += 14;
  }
}

export function drawDepartmentSummary(pdf: PdfLayout): void {
  const { departments, currency } = pdf.model;
  if (departments.length === 0) return;
  const widths = [pdf.width * 0.46, pdf.width * 0.14, pdf.width * 0.16, pdf.width * 0.24];
  const xs = widths.map((_, i) => pdf.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const put = (texts: string[], cell: 'TH' | 'TD', style: { bold?: boolean; color?: string }) =>
    pdf.group('TR', () =>
      texts.forEach((text, i) => {
        pdf.tag(cell, () =>
          pdf.line(text, xs[i]! + PAD, pdf.y + 4, widths[i]! - 2 * PAD, {
            size: 8.5,
            ...style,
            align: i === 0 ? 'left' : 'right',
          }),
        );
      }),
    );
  pdf.ensure(30 + grid.rowHeight * 2);
  pdf.y += 10;
  pdf.tag('H2', () =>
    pdf.line('Summary by department', pdf.left, pdf.y, pdf.width, { size: 10, bold: true }),
  );
  pdf.y += 16;
  pdf.group('Table', () => {
    put(['Department', 'Shifts', 'Hours', 'Earnings'], 'TH', { bold: true, color: ink.muted });
    pdf.y += grid.rowHeight;
    pdf.rule(pdf.y);
    for (const department of departments) {
      pdf.ensure(grid.rowHeight);
      put(
        [
          department.name,
          String(department.shifts),
          hoursOf(pdf.model, department.hundredths),
          formatCurrency(department.earningsCents, currency),
        ],
        'TD',
        {},
      );
      pdf.y += grid.rowHeight;
    }
  });
  pdf.rule(pdf.y);
  pdf.y += 6;
}

/** The shifts' expenses, each a line with its date and what it was, then their sum. */
export function drawExpenses(pdf: PdfLayout): void {
  const { expenses, currency } = pdf.model;
  if (expenses.length === 0) return;
  const widths = [pdf.width * 0.2, pdf.width * 0.6, pdf.width * 0.2];
  const xs = widths.map((_, i) => pdf.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const style = { size: 8.5 };
  pdf.ensure(30 + grid.rowHeight * 2);
  pdf.y += 10;
  pdf.tag('H2', () =>
    pdf.line(EXPENSES_SECTION, pdf.left, pdf.y, pdf.width, { size: 10, bold: true }),
  );
  pdf.y += 16;
  pdf.group('Table', () => {
    pdf.group('TR', () => {
      ['Date', 'Expense', 'Amount'].forEach((text, i) => {
        pdf.tag('TH', () =>
          pdf.line(text, xs[i]! + PAD, pdf.y + 4, widths[i]! - 2 * PAD, {
            ...style,
            bold: true,
            color: ink.muted,
            align: i === 2 ? 'right' : 'left',
          }),
        );
      });
    });
    pdf.y += grid.rowHeight;
    pdf.rule(pdf.y);
    for (const expense of expenses) {
      const words = expenseInWords(expense, (t) => formatMileageRate(t, currency));
      const height = Math.max(grid.rowHeight, pdf.heightOf(words, widths[1]! - 2 * PAD, style) + 8);
      pdf.ensure(height);
      pdf.group('TR', () => {
        pdf.tag('TD', () =>
          pdf.line(
            formatDisplayDate(expense.date),
            xs[0]! + PAD,
            pdf.y + 4,
            widths[0]! - 2 * PAD,
            style,
          ),
        );
        pdf.tag('TD', () =>
          pdf.paragraph(words, xs[1]! + PAD, pdf.y + 4, widths[1]! - 2 * PAD, style),
        );
        pdf.tag('TD', () =>
          pdf.line(
            formatCurrency(expense.cents, currency),
            xs[2]! + PAD,
            pdf.y + 4,
            widths[2]! - 2 * PAD,
            {
              ...style,
              align: 'right',
            },
          ),
        );
      });
      pdf.y += height;
    }
  });
  pdf.rule(pdf.y);
  pdf.y += 6;
}

export function totalsBoxes(pdf: Pick<PdfLayout, 'left' | 'width'>) {
  const width = Math.min(260, pdf.width);
  const x = pdf.left + pdf.width - width;
  return {
    label: { x, width: width * 0.6 },
    value: { x: x + width * 0.6, width: width * 0.4 },
    due: { x, width: width * 0.5 },
    dueValue: { x: x + width * 0.5, width: width * 0.5 },
    rule: { x, width },
  };
}

export function drawTotals(pdf: PdfLayout): void {
  const { model } = pdf;
  const { totals, currency } = model;
  const taxes = totals.taxes.flatMap((regime) => {
    const tax = taxLine(regime);
    return tax ? [[tax.label, tax.amount(formatCurrency(regime.taxCents, currency))] as const] : [];
  });
  const lines: (readonly [string, string])[] = [
    ['Shifts', String(totals.shifts)],
    ['Total time', formatHoursMinutes(totals.paidMinutes)],
    ['Total hours', formatDuration(hoursOf(model, totals.hundredths))],
    // Before tax, the gross in its parts when the sheet has premiums or overtime.
    ...(model.extras
      ? ([
          [REGULAR_LABEL, formatCurrency(totals.regularCents, currency)],
          [PREMIUMS_LABEL, formatCurrency(totals.premiumCents, currency)],
          [OVERTIME_LABEL, formatCurrency(totals.overtimeCents, currency)],
        ] as const)
      : []),
    ['Gross earnings', formatCurrency(totals.grossCents, currency)],
    ...taxes,
    ...(totals.expenseCents > 0
      ? ([[EXPENSES_LABEL, `+${formatCurrency(totals.expenseCents, currency)}`]] as const)
      : []),
  ];
  const box = totalsBoxes(pdf);
  pdf.ensure(lines.length * 15 + 40);
  pdf.y += 10;
  pdf.group('Table', () => {
    for (const [label, value] of lines) {
      pdf.group('TR', () => {
        pdf.tag('TH', () =>
          pdf.line(label, box.label.x, pdf.y, box.label.width, { color: ink.muted }),
        );
        pdf.tag('TD', () =>
          pdf.line(value, box.value.x, pdf.y, box.value.width, { align: 'right' }),
        );
      });
      pdf.y += 15;
    }
    pdf.rule(pdf.y, pdf.accent, box.rule.x, box.rule.width);
    pdf.y += 6;
    const due = { size: 12, bold: true, color: pdf.accent };
    pdf.group('TR', () => {
      pdf.tag('TH', () => pdf.line('TOTAL DUE', box.due.x, pdf.y, box.due.width, due));
      pdf.tag('TD', () =>
        pdf.line(
          formatCurrency(totals.dueCents, currency),
          box.dueValue.x,
          pdf.y,
          box.dueValue.width,
          { ...due, align: 'right' },
        ),
      );
    });
  });
  pdf.y += 20;
}

const OVERTIME_COLUMNS = [
  { title: 'Workweek', width: 150, align: 'left' },
  { title: 'Hours worked', width: 62, align: 'right' },
  { title: 'Straight time', width: 78, align: 'right' },
  { title: 'Regular rate', width: 70, align: 'right' },
  { title: 'Overtime hours', width: 72, align: 'right' },
  { title: 'OT premium', width: 83, align: 'right' },
] as const;

/**
 * Each workweek (14-day period) of the sheet: hours, straight time, the regular rate as the
 * division it is, overtime hours per multiplier and the overtime premium, marked an estimate.
 */
export function drawOvertimeSummary(pdf: PdfLayout): void {
  const { model } = pdf;
  if (model.overtimePeriods.length === 0) return;
  const money = (cents: number) => formatCurrency(cents, model.currency);
  const scale = pdf.width / 515;
  const widths = OVERTIME_COLUMNS.map((c) => c.width * scale);
  const xs = widths.map((_, i) => pdf.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const put = (texts: string[], cell: 'TH' | 'TD', style: { bold?: boolean; color?: string }) =>
    pdf.group('TR', () =>
      texts.forEach((text, i) => {
        pdf.tag(cell, () =>
          pdf.line(text, xs[i]! + PAD, pdf.y + 4, widths[i]! - 2 * PAD, {
            size: 8,
            ...style,
            align: OVERTIME_COLUMNS[i]!.align,
          }),
        );
      }),
    );
  const textWidth = pdf.width - 6 * PAD;
  pdf.ensure(60 + grid.rowHeight * 2);
  pdf.y += 10;
  pdf.group('Sect', () => {
    pdf.tag('H2', () =>
      pdf.line(OVERTIME_SECTION, pdf.left, pdf.y, pdf.width, { size: 10, bold: true }),
    );
    pdf.y += 16;
    pdf.group('Table', () => {
      put(
        OVERTIME_COLUMNS.map((c) => c.title),
        'TH',
        { bold: true, color: ink.muted },
      );
      pdf.y += grid.rowHeight;
      pdf.rule(pdf.y);
      for (const period of model.overtimePeriods) {
        const how = `Regular rate ${regularRateInWords(period, money)}. Overtime ${overtimeHoursInWords(period)}.`;
        const howHeight = pdf.heightOf(how, textWidth, NOTE_STYLE) + 4;
        pdf.ensure(grid.rowHeight + howHeight);
        put(
          [
            periodDates(period),
            formatHoursMinutes(period.paidMinutes),
            money(period.straightTimeCents),
            `${money(period.regularRateCentsPerHour)}/h`,
            formatHoursMinutes(overtimeMinutesOf(period)),
            money(period.overtimePremiumCents),
          ],
          'TD',
          {},
        );
        const y = pdf.y + grid.rowHeight - 1;
        pdf.group('TR', () =>
          pdf.tag('TD', () => pdf.paragraph(how, pdf.left + 3 * PAD, y, textWidth, NOTE_STYLE)),
        );
        pdf.y += grid.rowHeight + howHeight;
      }
    });
    pdf.rule(pdf.y);
    pdf.y += 6;
    const notes = [
      ...(model.overtimeGroup ? [groupNote(model.overtimeGroup)] : []),
      OVERTIME_METHOD,
      ...(model.overtimePeriods.some(
        (p) => p.startDate < model.startDate || p.endDate > model.endDate,
      )
        ? [WHOLE_PERIODS]
        : []),
    ];
    for (const text of notes) {
      pdf.ensure(pdf.heightOf(text, pdf.width, NOTE_STYLE) + 4);
      pdf.tag('P', () => {
        pdf.y += pdf.paragraph(text, pdf.left, pdf.y, pdf.width, NOTE_STYLE) + 4;
      });
    }
  });
}
