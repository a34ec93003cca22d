// pdfkit never breaks a line or a page on its own: the layout is decided here alone. The PDF is
// tagged: text belongs to structure elements in reading order; rules, fills and repeated page
// furniture are artifacts.
import PDFDocument from 'pdfkit';
import { formatDisplayDate } from '../../../shared/domain/format.ts';
import type { ReportModel } from './report-model.ts';
import { brandHex, grid, ink } from './report-pdf-style.ts';
import { type SetLine, TextSetter } from './report-pdf-text.ts';

type Align = 'left' | 'right' | 'center';
export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: Align;
}

export interface TextBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The document's language: its own words are English, whatever script the names are in. */
export const DOCUMENT_LANGUAGE = 'en';

export class PdfLayout {
  readonly doc: PDFKit.PDFDocument;
  readonly accent: string;
  readonly left = grid.side;
  readonly width: number;
  readonly bottom: number;
  y = 0;
  onNewPage: (() => void) | undefined;
  /** Every box text was set in, so a test can check no word leaves its column. */
  readonly boxes: TextBox[] = [];
  private readonly setter: TextSetter;
  private readonly parents: PDFKit.PDFStructureElement[] = [];
  private page = -1;

  constructor(readonly model: ReportModel) {
    const employer = model.employer.name;
    this.doc = new PDFDocument({
      size: model.paperSize,
      margin: grid.pdfkitMargin,
      bufferPages: true,
      autoFirstPage: false,
      pdfVersion: '1.7',
      tagged: true,
      lang: DOCUMENT_LANGUAGE,
      displayTitle: true,
      info: {
        Title: `Timesheet: ${employer}, ${model.startDate} to ${model.endDate}`,
        Author: model.user.name,
        Subject: `Hours worked for ${employer}`,
        Creator: 'Hourbook',
      },
    });
    this.setter = new TextSetter(this.doc);
    const root = this.doc.struct('Document');
    this.doc.addStructure(root);
    this.parents.push(root);
    this.accent = brandHex[model.employer.brandColor];
    this.newPage();
    this.width = this.doc.page.width - 2 * grid.side;
    this.bottom = this.doc.page.height - grid.footerHeight;
  }

  get right(): number {
    return this.left + this.width;
  }

  newPage(): void {
    this.doc.addPage();
    this.page += 1;
    this.drawHeader();
    this.y = grid.headerHeight;
    this.onNewPage?.();
  }

  ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  group(type: string, build: () => void): void {
    const element = this.doc.struct(type);
    this.parents[this.parents.length - 1]!.add(element);
    this.parents.push(element);
    try {
      build();
    } finally {
      this.parents.pop();
      element.end();
    }
  }

  tag(type: string, draw: () => void): void {
    const element = this.doc.struct(type);
    this.parents[this.parents.length - 1]!.add(element);
    element.add(draw);
    element.end();
  }

  /** Page furniture a reader skips: rules, fills, repeated headers and footers. */
  artifact(draw: () => void, type: 'Pagination' | 'Layout' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  private resolved(style: TextStyle) {
    return { size: style.size ?? 9, bold: style.bold ?? false };
  }

  /** Inter's, whatever face draws the line, so rows line up. */
  lineHeight(style: TextStyle = {}): number {
    return this.setter.lineHeight(this.resolved(style));
  }

  private setLine(line: SetLine, x: number, y: number, width: number, style: TextStyle): void {
    const resolved = this.resolved(style);
    const textWidth = this.setter.lineWidth(line, resolved);
    const align = style.align ?? 'left';
    const slack = Math.max(0, width - textWidth);
    const left = align === 'right' ? x + slack : align === 'center' ? x + slack / 2 : x;
    this.doc.fillColor(style.color ?? ink.text);
    this.setter.draw(line, left, y + this.setter.ascent(resolved), resolved);
  }

  line(text: string, x: number, y: number, width: number, style: TextStyle = {}): void {
    const resolved = this.resolved(style);
    const fitted = this.setter.fit(text, width, resolved);
    this.setLine(this.setter.lineOf(fitted, resolved), x, y, width, style);
    this.boxes.push({ page: this.page, x, y, width, height: this.lineHeight(style) });
  }

  paragraph(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const lines = this.setter.wrap(text, width, this.resolved(style));
    const lineHeight = this.lineHeight(style);
    lines.forEach((line, index) => {
      this.setLine(line, x, y + index * lineHeight, width, style);
    });
    const height = lines.length * lineHeight;
    this.boxes.push({ page: this.page, x, y, width, height });
    return height;
  }

  heightOf(text: string, width: number, style: TextStyle = {}): number {
    return this.setter.wrap(text, width, this.resolved(style)).length * this.lineHeight(style);
  }

  rule(y: number, color = ink.rule, x = this.left, width = this.width): void {
    this.artifact(() =>
      this.doc
        .moveTo(x, y)
        .lineTo(x + width, y)
        .lineWidth(0.75)
        .strokeColor(color)
        .stroke(),
    );
  }

  fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.artifact(() => this.doc.rect(x, y, width, height).fillColor(color).fill());
  }

  /** The first page's header is the document's heading; the others are page furniture. */
  private drawHeader(): void {
    const { model } = this;
    const page = this.doc.page;
    const width = page.width - 2 * grid.side;
    const half = width / 2;
    const x = grid.side + half;
    const period = `${formatDisplayDate(model.startDate)} – ${formatDisplayDate(model.endDate)}`;
    const title = { size: 18, bold: true, color: this.accent };
    const employer = { size: 11, bold: true, align: 'right' } as const;
    const dates = { size: 9, color: ink.muted, align: 'right' } as const;
    this.fillRect(0, 0, page.width, 8, this.accent);
    if (this.page === 0) {
      this.tag('H1', () => this.line('TIMESHEET', grid.side, 26, half, title));
      this.tag('P', () => this.line(model.employer.name, x, 24, half, employer));
      this.tag('P', () => this.line(period, x, 40, half, dates));
    } else {
      this.artifact(() => {
        this.line('TIMESHEET', grid.side, 26, half, title);
        this.line(model.employer.name, x, 24, half, employer);
        this.line(period, x, 40, half, dates);
      }, 'Pagination');
    }
    this.rule(58, ink.rule, grid.side, width);
  }

  /** Drawn once all pages exist, for 'Page X of Y'. */
  drawFooters(): void {
    const { start, count } = this.doc.bufferedPageRange();
    const generated = `Generated on ${formatDisplayDate(this.model.generatedOn)} with Hourbook`;
    for (let index = start; index < start + count; index++) {
      this.doc.switchToPage(index);
      this.page = index - start;
      const y = this.doc.page.height - grid.footerHeight + 18;
      this.rule(y - 8);
      this.artifact(() => {
        const muted = { size: 8, color: ink.muted };
        const half = this.width / 2;
        this.line(generated, this.left, y, half, muted);
        this.line(`Page ${index - start + 1} of ${count}`, this.left + half, y, half, {
          ...muted,
          align: 'right',
        });
      }, 'Pagination');
    }
  }

  finish(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    return new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.parents[0]?.end();
      this.doc.end();
    });
  }
}
