import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type FormAlertProps = { children: ReactNode; variant?: 'error' | 'info'; className?: string };

export function FormAlert({ children, variant = 'error', className }: FormAlertProps) {
  if (!children) return null;
  const Icon = variant === 'error' ? CircleAlert : Info;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-lg border p-3 text-sm',
        variant === 'error'
          ? 'border-destructive/50 bg-destructive/10 text-foreground'
          : 'border-border bg-muted text-foreground',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-4 shrink-0',
          variant === 'error' ? 'text-destructive' : 'text-muted-foreground',
        )}
      />
      <p className="min-w-0 [overflow-wrap:anywhere]">{children}</p>
    </div>
  );
}
