import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type RetryAlertProps = {
  /** The failed query: Retry asks it again. */
  query: { isFetching: boolean; refetch: () => unknown };
  children: string;
  className?: string;
};

/** A read that failed, said in one line, with Retry (which asks again). */
export function RetryAlert({ query, children, className }: RetryAlertProps) {
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3 text-sm', className)}>
      <p className="min-w-0 flex-1">{children}</p>
      <Button
        variant="outline"
        size="sm"
        loading={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {query.isFetching ? null : <RotateCw aria-hidden="true" />}
        Retry
      </Button>
    </div>
  );
}
