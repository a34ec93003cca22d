import { brandColorStyles } from '@/lib/brand-colors';
import { cn } from '@/lib/utils';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** The employer's colour as a small dot (decorative: the name is always beside it). */
export function EmployerDot({
  employer,
  className,
}: {
  employer: WorkLog['employer'];
  className?: string;
}) {
  const style = brandColorStyles[employer.brandColor] ?? brandColorStyles.blue;
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-2.5 shrink-0 rounded-full', style.swatch, className)}
    />
  );
}

/** Cut after two lines (three on a phone's card); the full name stays in its title. */
export function EmployerName({
  name,
  as: Tag = 'div',
  lines = 2,
  className,
}: {
  name: string;
  as?: 'div' | 'h2';
  lines?: 2 | 3;
  className?: string;
}) {
  const clamp = lines === 3 ? 'line-clamp-3' : 'line-clamp-2';
  return (
    <Tag title={name} className={cn(clamp, '[overflow-wrap:anywhere]', className)}>
      {name}
    </Tag>
  );
}
