import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, NetworkError } from '@/lib/api-client';

export function SettingsSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p role="status" className="sr-only">
        Loading settings
      </p>
      <Skeleton className="h-10 w-full max-w-sm" />
      <Card className="space-y-4 p-6">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </Card>
    </div>
  );
}

export function TabSkeleton() {
  return (
    <Card aria-busy="true" data-testid="tab-loading" className="space-y-4 p-6">
      <p role="status" className="sr-only">
        Loading
      </p>
      <Skeleton className="h-6 w-1/3" />
      {[0, 1].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </Card>
  );
}

function hint(error: unknown): string {
  if (error instanceof NetworkError) return 'Could not reach the server. Check your connection.';
  if (error instanceof ApiError && error.status >= 500)
    return 'The server had a problem. Try again in a moment.';
  return 'Something went wrong. Try again.';
}

type SettingsErrorProps = { error: unknown; retrying: boolean; onRetry: () => void };

export function SettingsError({ error, retrying, onRetry }: SettingsErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 px-6 py-12 text-center"
    >
      <h2 className="font-semibold text-lg">Failed to load settings</h2>
      <p className="text-muted-foreground text-sm">{hint(error)}</p>
      <Button variant="outline" onClick={onRetry} loading={retrying}>
        {retrying ? null : <RotateCw aria-hidden="true" />}
        Retry
      </Button>
    </div>
  );
}
