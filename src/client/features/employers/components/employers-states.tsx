import { Building2, Plus, RefreshCw } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a long word never widens a card. */
export const gridClasses = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3';

export function EmployersSkeleton() {
  return (
    <div aria-busy="true" className={gridClasses}>
      <p role="status" className="sr-only">
        Loading employers
      </p>
      {[0, 1, 2].map((key) => (
        <Card key={key} data-testid="employer-skeleton" className="space-y-4 border-l-4 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-3 rounded-full" />
            <Skeleton className="h-5 w-2/5" />
            <Skeleton className="ml-auto h-5 w-14 rounded-full" />
          </div>
          <Skeleton className="h-4 w-1/4" />
          <div className="flex gap-2">
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <div className="space-y-2 border-t pt-4">
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} className="h-4 w-full" />
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

type EmptyStateProps = {
  searching: boolean;
  onAdd: (event: MouseEvent<HTMLElement>) => void;
};

export function EmployersEmptyState({ searching, onAdd }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <div className="rounded-full bg-muted p-3 text-muted-foreground">
        <Building2 className="size-6" aria-hidden="true" />
      </div>
      <h2 className="font-semibold text-lg">No employers found</h2>
      <p className="max-w-sm text-muted-foreground text-sm">
        {searching
          ? 'Try a different search term or clear your search'
          : 'Get started by adding your first employer'}
      </p>
      {searching ? null : (
        <Button className="mt-2" onClick={onAdd}>
          <Plus aria-hidden="true" />
          Add Employer
        </Button>
      )}
    </div>
  );
}

export function EmployersError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 px-6 py-12 text-center"
    >
      <h2 className="font-semibold text-lg">Failed to fetch employers</h2>
      <p className="text-muted-foreground text-sm">Check your connection and try again.</p>
      <Button variant="outline" onClick={onRetry} loading={retrying}>
        {retrying ? null : <RefreshCw aria-hidden="true" />}
        Retry
      </Button>
    </div>
  );
}
