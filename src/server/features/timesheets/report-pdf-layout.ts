/**
 * The page flow of the PDF: a cursor that starts a new page (with the header every page
 * repeats) when the next block does not fit, and text helpers that never let pdfkit break a
 * line or a page on its own, so the layout is decided here alone.
 */
import PDFDocument from 'pdfkit';
import { formatDisplayDate } from '../../../shared/domain/format.ts';
import type { ReportModel } from './report-model.ts';
import { brandHex, fontFiles, grid, ink } from './report-pdf-style.ts';

type Align = 'left' | 'right' | 'center';
interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: Align;
}

export class PdfLayout {
  readonly doc: PDFKit.PDFDocument;
  readonly accent: string;
  readonly left = grid.side;
  readonly width: number;
  readonly bottom: number;
  y = 0;
  /** Called after each page's own header, e.g. to repeat the table's column titles. */
  onNewPage: (() => void) | undefined;

  constructor(readonly model: ReportModel) {
    const employer = model.employer.name;
    this.doc = new PDFDocument({
      size: model.paperSize,
      margin: grid.pdfkitMargin,
      bufferPages: true,
      autoFirstPage: false,
      font: fontFiles.regular,
      lang: 'en-US',
      displayTitle: true,
      info: {
        Title: `Timesheet: ${employer}, ${model.startDate} to ${model.endDate}`,
        Author: model.user.name,
        Subject: `Hours worked for ${employer}`,
        Creator: 'Hourbook',
      },
    });
    this.accent = brandHex[model.employer.brandColor];
    this.newPage();
    this.width = this.doc.page.width - 2 * grid.side;
    this.bottom = this.doc.page.height - grid.footerHeight;
  }

  get right(): number {
    return this.left + this.width;
  }

  /** A new page with the header; the cursor below it. */
  newPage(): void {
    this.doc.addPage();
    this.drawHeader();
    this.y = grid.headerHeight;
    this.onNewPage?.();
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  style({ size = 9, bold = false, color = ink.text }: TextStyle): PDFKit.PDFDocument {
    // By path, not by a registered alias: pdfkit caches a font under the path, while an alias
    // for a font it already opened is parsed again on every switch (seconds per report).
    return this.doc
      .font(bold ? fontFiles.bold : fontFiles.regular)
      .fontSize(size)
      .fillColor(color);
  }

  /** One line at (x, y), cut with '…' to `width`. */
  line(text: string, x: number, y: number, width: number, style: TextStyle = {}): void {
    const doc = this.style(style);
    doc.text(this.fit(text, width), x, y, {
      width,
      align: style.align ?? 'left',
      lineBreak: false,
    });
  }

  /** Wrapped text at (x, y) within `width`; answers its height. */
  paragraph(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const doc = this.style(style);
    const height = doc.heightOfString(text, { width });
    doc.text(text, x, y, { width, align: style.align ?? 'left', height: height + 1 });
    return height;
  }

  heightOf(text: string, width: number, style: TextStyle = {}): number {
    return this.style(style).heightOfString(text, { width });
  }

  /** The longest start of `text` that fits `width` with an ellipsis (the current font). */
  fit(text: string, width: number): string {
    const doc = this.doc;
    const oneLine = text.replace(/\s+/g, ' ');
    if (doc.widthOfString(oneLine) <= width) return oneLine;
    let low = 0;
    let high = oneLine.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${oneLine.slice(0, mid)}…`) <= width) low = mid;
      else high = mid - 1;
    }
    return `${oneLine.slice(0, low).trimEnd()}…`;
  }

  rule(y: number, color = ink.rule, x = this.left, width = this.width): void {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.75)
      .strokeColor(color)
      .stroke();
  }

  fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.rect(x, y, width, height).fillColor(color).fill();
  }

  /** The brand bar, the title, the employer and the period: on every page. */
  private drawHeader(): void {
    const { model } = this;
    const page = this.doc.page;
    const width = page.width - 2 * grid.side;
    this.fillRect(0, 0, page.width, 8, this.accent);
    this.line('TIMESHEET', grid.side, 26, width / 2, { size: 18, bold: true, color: this.accent });
    const half = width / 2;
    const x = grid.side + half;
    this.line(model.employer.name, x, 24, half, { size: 11, bold: true, align: 'right' });
    const period = `${formatDisplayDate(model.startDate)} – ${formatDisplayDate(model.endDate)}`;
    this.line(period, x, 40, half, { size: 9, color: ink.muted, align: 'right' });
    this.rule(58, ink.rule, grid.side, width);
  }

  /** 'Generated on …' and 'Page X of Y' at the foot of every page, once all pages exist. */
  drawFooters(): void {
    const { start, count } = this.doc.bufferedPageRange();
    const generated = `Generated on ${formatDisplayDate(this.model.generatedOn)} with Hourbook`;
    for (let index = start; index < start + count; index++) {
      this.doc.switchToPage(index);
      const y = this.doc.page.height - grid.footerHeight + 18;
      this.rule(y - 8);
      this.line(generated, this.left, y, this.width / 2, { size: 8, color: ink.muted });
      this.line(
        `Page ${index - start + 1} of ${count}`,
        this.left + this.width / 2,
        y,
        this.width / 2,
        {
          size: 8,
          color: ink.muted,
          align: 'right',
        },
      );
    }
  }

  /** Ends the document and collects its bytes. */
  finish(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    return new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}
