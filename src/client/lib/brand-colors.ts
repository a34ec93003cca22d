import type { BrandColor } from '../../shared/brand-colors.ts';

// The swatches' hex values (the chart's canvas) live in shared, where the PDF timesheet uses them too.
export { type BrandColor, brandColorHex } from '../../shared/brand-colors.ts';

/** Class names written out in full so Tailwind keeps them. */
export const brandColorStyles: Record<
  BrandColor,
  { label: string; swatch: string; accent: string; soft: string }
> = {
  blue: {
    label: 'Blue',
    swatch: 'bg-blue-600',
    accent: 'border-l-blue-600',
    soft: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  },
  green: {
    label: 'Green',
    swatch: 'bg-green-600',
    accent: 'border-l-green-600',
    soft: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  },
  purple: {
    label: 'Purple',
    swatch: 'bg-purple-600',
    accent: 'border-l-purple-600',
    soft: 'bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-100',
  },
  orange: {
    label: 'Orange',
    swatch: 'bg-orange-500',
    accent: 'border-l-orange-500',
    soft: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100',
  },
  red: {
    label: 'Red',
    swatch: 'bg-red-600',
    accent: 'border-l-red-600',
    soft: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  },
  pink: {
    label: 'Pink',
    swatch: 'bg-pink-600',
    accent: 'border-l-pink-600',
    soft: 'bg-pink-100 text-pink-900 dark:bg-pink-950 dark:text-pink-100',
  },
  indigo: {
    label: 'Indigo',
    swatch: 'bg-indigo-600',
    accent: 'border-l-indigo-600',
    soft: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100',
  },
  teal: {
    label: 'Teal',
    swatch: 'bg-teal-600',
    accent: 'border-l-teal-600',
    soft: 'bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-100',
  },
};
