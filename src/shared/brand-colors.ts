import type { brandColors } from './schemas/enums.ts';

export type BrandColor = (typeof brandColors)[number];

/**
 * The employer colours as hex, for drawing where no CSS class reaches (the dashboard chart's
 * canvas, the PDF timesheet). They are the swatches the cards show: Tailwind's 600 shades,
 * orange's 500 (src/client/lib/brand-colors.ts).
 */
export const brandColorHex: Record<BrandColor, string> = {
  blue: '#2563eb',
  green: '#16a34a',
  purple: '#9333ea',
  orange: '#f97316',
  red: '#dc2626',
  pink: '#db2777',
  indigo: '#4f46e5',
  teal: '#0d9488',
};
