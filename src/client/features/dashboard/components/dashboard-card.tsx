import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { BrandColor } from '@/lib/brand-colors';
import { brandColorStyles } from '@/lib/brand-colors';
import { cn } from '@/lib/utils';

export function DashboardCard({
  title,
  action,
  children,
  className,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0 pb-4">
        <CardTitle>{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function RowsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="grid gap-3" aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      {['a', 'b', 'c', 'd', 'e'].slice(0, rows).map((row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-2.5 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-14" />
        </div>
      ))}
    </div>
  );
}

/** The employer's colour as a dot; decorative, the name is always beside it. */
export function ColourDot({ color }: { color: BrandColor }) {
  const style = brandColorStyles[color] ?? brandColorStyles.blue;
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-2.5 shrink-0 rounded-full', style.swatch)}
    />
  );
}

export function EmptyNote({
  icon: Icon,
  title,
  hint,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
}) {
  return (
    <div className="flex flex-col items-center gap-2 py-6 text-center text-muted-foreground">
      <Icon className="size-6" aria-hidden="true" />
      <p className="font-medium text-foreground">{title}</p>
      <p className="text-sm">{hint}</p>
    </div>
  );
}
