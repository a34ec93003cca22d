// Every figure goes through the shared formatters, so it reads as on screen.
import { formatDisplayDate } from '../../../shared/domain/format.ts';
import type { ReportModel } from './report-model.ts';
import { PdfLayout, type TextBox } from './report-pdf-layout.ts';
import { ink } from './report-pdf-style.ts';
import {
  drawDepartmentSummary,
  drawExpenses,
  drawOvertimeSummary,
  drawShiftTable,
  drawTotals,
} from './report-pdf-table.ts';
import { ruleSetInWords, rulesInLines } from './report-text.ts';

function block(
  pdf: PdfLayout,
  title: string,
  lines: string[],
  box: { x: number; width: number; named?: boolean },
): number {
  const { x, width } = box;
  let y = pdf.y;
  pdf.group('Sect', () => {
    pdf.tag('H2', () =>
      pdf.line(title.toUpperCase(), x, y, width, { size: 7.5, bold: true, color: ink.muted }),
    );
    y += 12;
    lines.forEach((text, index) => {
      const style = index === 0 && box.named !== false ? { size: 10, bold: true } : { size: 9 };
      pdf.tag('P', () => {
        y += pdf.paragraph(text, x, y, width, style) + 2;
      });
    });
  });
  return y - pdf.y;
}

function drawParties(pdf: PdfLayout): void {
  const { model } = pdf;
  const { employer } = model;
  const gap = 14;
  const width = (pdf.width - 2 * gap) / 3;
  const heights = [
    block(pdf, 'From', [model.user.name, model.user.email], { x: pdf.left, width }),
    block(
      pdf,
      'Bill to',
      [employer.name, employer.contactEmail, employer.phone, employer.address].filter(
        (line): line is string => Boolean(line),
      ),
      { x: pdf.left + width + gap, width },
    ),
    block(
      pdf,
      'Details',
      [
        `From ${formatDisplayDate(model.startDate)}`,
        `to ${formatDisplayDate(model.endDate)}`,
        `Due ${formatDisplayDate(model.dueDate)}`,
        ...(model.ruleSets.length > maxSetsInDetails(model)
          ? [`The rules changed ${model.ruleSets.length - 1} times within these dates: see below.`]
          : rulesInLines(model)),
      ],
      { x: pdf.left + 2 * (width + gap), width, named: false },
    ),
  ];
  pdf.y += Math.max(...heights) + 16;
}

/**
 * More sets than this do not fit the Details column: they get a section after the totals. With
 * overtime and premiums stated, only one set fits.
 */
const maxSetsInDetails = (model: ReportModel) => (model.extras ? 1 : 2);

/** Each set of rules with its dates, full width, breaking pages between sets as needed. */
function drawRuleSets(pdf: PdfLayout): void {
  const { model } = pdf;
  if (model.ruleSets.length <= maxSetsInDetails(model)) return;
  pdf.ensure(60);
  pdf.y += 16;
  pdf.group('Sect', () => {
    pdf.tag('H2', () =>
      pdf.line('Rules by date', pdf.left, pdf.y, pdf.width, { size: 10, bold: true }),
    );
    pdf.y += 16;
    for (const set of model.ruleSets) {
      const text = `${formatDisplayDate(set.from)} – ${formatDisplayDate(set.to)}: ${ruleSetInWords(set, model).join('. ')}.`;
      pdf.ensure(40);
      pdf.tag('P', () => {
        pdf.y += pdf.paragraph(text, pdf.left, pdf.y, pdf.width, { size: 9 }) + 4;
      });
    }
  });
}

/** The boxes are each text's column, for the layout tests. */
export async function layoutPdf(model: ReportModel): Promise<{ bytes: Buffer; boxes: TextBox[] }> {
  const pdf = new PdfLayout(model);
  drawParties(pdf);
  drawShiftTable(pdf);
  if (model.includeSummary) drawDepartmentSummary(pdf);
  drawExpenses(pdf);
  drawTotals(pdf);
  drawOvertimeSummary(pdf);
  drawRuleSets(pdf);
  pdf.drawFooters();
  return { bytes: await pdf.finish(), boxes: pdf.boxes };
}

export async function renderPdf(model: ReportModel): Promise<Buffer> {
  return (await layoutPdf(model)).bytes;
}
