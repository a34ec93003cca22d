// The typefaces are in report-pdf-fonts.ts: PDF's standard 14 fonts know only WinAnsi, so
// every face is embedded (subset) from the npm packages' TTF/OTF files, which fontkit reads.

export { brandColorHex as brandHex } from '../../../shared/brand-colors.ts';

export const ink = {
  text: '#111827',
  muted: '#6b7280',
  rule: '#e5e7eb',
  zebra: '#f9fafb',
  white: '#ffffff',
};

/** Page edges: pdfkit's own margin is small, so only our `bottom` decides page breaks. */
export const grid = {
  side: 40,
  pdfkitMargin: 20,
  headerHeight: 72,
  footerHeight: 48,
  rowHeight: 16,
  tableHeaderHeight: 18,
};

export interface Column {
  title: string;
  /** Points on A4 (515 wide between the margins): 'Wed, Dec 30, 2026' and 'CHF 1,234.50' fit. */
  width: number;
  align: 'left' | 'right';
}

export const columns = {
  date: { title: 'Date', width: 86, align: 'left' },
  department: { title: 'Department', width: 79, align: 'left' },
  start: { title: 'Start', width: 46, align: 'left' },
  end: { title: 'End', width: 62, align: 'left' },
  break: { title: 'Break', width: 38, align: 'right' },
  time: { title: 'h:mm', width: 34, align: 'right' },
  hours: { title: 'Hours', width: 38, align: 'right' },
  rate: { title: 'Rate', width: 62, align: 'right' },
  earnings: { title: 'Earnings', width: 70, align: 'right' },
} satisfies Record<string, Column>;
export type ColumnKey = keyof typeof columns;
