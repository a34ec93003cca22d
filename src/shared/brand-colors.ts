import type { brandColors } from './schemas/enums.ts';

export type BrandColor = (typeof brandColors)[number];

/** For drawing where no CSS class reaches (chart canvas, PDF): src/client/lib/brand-colors.ts's swatches. */
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
