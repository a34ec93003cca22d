import { brandColorStyles } from '@/lib/brand-colors';
import { cn } from '@/lib/utils';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** The employer's colour as a small dot (decorative: the name is always beside it). */
export function EmployerDot({ employer }: { employer: WorkLog['employer'] }) {
  const style = brandColorStyles[employer.brandColor] ?? brandColorStyles.blue;
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-2.5 shrink-0 rounded-full', style.swatch)}
    />
  );
}
