import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export type StatCardVariant = 'primary' | 'green' | 'orange' | 'blue';

const iconStyles: Record<StatCardVariant, string> = {
  primary: 'bg-primary/10 text-primary',
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
};

/** docs/product/screens.md#dashboard: a value that is empty, '-' or '0' is hidden unless the card always shows it. */
export function isValueShown(value: string | null | undefined, alwaysShow = false): boolean {
  if (alwaysShow) return true;
  const text = value?.trim() ?? '';
  return text !== '' && text !== '-' && text !== '0';
}

type StatCardProps = {
  title: string;
  value: string | null | undefined;
  suffix?: string;
  icon: LucideIcon;
  variant?: StatCardVariant;
  alwaysShow?: boolean;
  /** Under the value (and hidden with it): a trend, the amount after tax. */
  children?: ReactNode;
  action?: { label: string; href: string };
};

export function StatCard({
  title,
  value,
  suffix,
  icon: Icon,
  variant = 'primary',
  alwaysShow = false,
  children,
  action,
}: StatCardProps) {
  const shown = isValueShown(value, alwaysShow);
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-medium text-muted-foreground text-sm">{title}</h2>
        <span
          className={cn('rounded-lg p-2', iconStyles[variant])}
          data-variant={variant}
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
      </div>
      <p className="font-bold text-2xl tabular-nums [overflow-wrap:anywhere]">
        {shown ? (
          <>
            {value}
            {suffix ? (
              <span className="ml-1 font-medium text-base text-muted-foreground">{suffix}</span>
            ) : null}
          </>
        ) : (
          <>
            <span aria-hidden="true" className="text-muted-foreground">
              —
            </span>
            <span className="sr-only">None yet</span>
          </>
        )}
      </p>
      {/* A trend or tax line under a hidden value would only say '0.0%' or '$0.00'. */}
      {shown && children ? <div className="space-y-1 text-sm">{children}</div> : null}
      {action ? (
        <Link
          href={action.href}
          className="mt-auto w-fit rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {action.label}
        </Link>
      ) : null}
    </Card>
  );
}
