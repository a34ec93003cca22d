import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type GmailStatusErrorProps = {
  /** The failed status query (useGmailStatus()). */
  status: { isFetching: boolean; refetch: () => unknown };
  children: string;
  className?: string;
};

/** The mail status could not be read: says so, with Retry (which asks again). */
export function GmailStatusError({ status, children, className }: GmailStatusErrorProps) {
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3 text-sm', className)}>
      <p className="min-w-0 flex-1">{children}</p>
      <Button
        variant="outline"
        size="sm"
        loading={status.isFetching}
        onClick={() => void status.refetch()}
      >
        {status.isFetching ? null : <RotateCw aria-hidden="true" />}
        Retry
      </Button>
    </div>
  );
}
