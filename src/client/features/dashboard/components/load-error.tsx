import { RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError, NetworkError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** Why a read failed, decided on the error's kind and code, never on its text. */
export function loadFailureHint(error: unknown): string {
  if (error instanceof NetworkError) return 'Could not reach the server. Check your connection.';
  if (error instanceof ApiError && error.code === 'validation_failed')
    return 'The server did not accept this request. Reload the page and try again.';
  if (error instanceof ApiError && error.status >= 500)
    return 'The server had a problem. Try again in a moment.';
  return 'Something went wrong. Try again.';
}

type LoadErrorProps = {
  title: string;
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  className?: string;
};

export function LoadError({ title, query, className }: LoadErrorProps) {
  const retrying = query.isFetching;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border border-destructive/40 px-4 py-6 text-center',
        className,
      )}
    >
      <p className="font-medium">{title}</p>
      <p className="text-muted-foreground text-sm">{loadFailureHint(query.error)}</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={retrying}>
        {retrying ? null : <RotateCw aria-hidden="true" />}
        Retry
      </Button>
    </div>
  );
}

/** Toasts only while older data is on screen; with nothing to show, the card's error state says it. */
export function useToastOnRefreshFailure(
  query: { isError: boolean; errorUpdatedAt: number; data: unknown; error: unknown },
  title: string,
) {
  const shownFor = useRef(0);
  const { isError, errorUpdatedAt, data, error } = query;
  useEffect(() => {
    if (!isError || data == null || shownFor.current === errorUpdatedAt) return;
    shownFor.current = errorUpdatedAt;
    toast({ title, description: loadFailureHint(error), variant: 'destructive' });
  }, [isError, errorUpdatedAt, data, error, title]);
}
