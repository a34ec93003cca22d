import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

// A section of a page that reads its own query: failed (with Retry), empty, loading.
type FailedQuery = { isFetching: boolean; refetch: () => unknown };

export function SectionError({ message, query }: { message: string; query: FailedQuery }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-card px-6 py-8 text-center"
    >
      <p className="font-medium">{message}</p>
      <Button variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
        {query.isFetching ? null : <RotateCw aria-hidden="true" />}
        Retry
      </Button>
    </div>
  );
}

export function SectionEmpty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-card px-6 py-8 text-center">
      <p className="font-semibold">{title}</p>
      <div className="text-muted-foreground text-sm">{children}</div>
    </div>
  );
}

export function SectionSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="grid gap-3">
      <span className="sr-only" role="status">
        {label}
      </span>
      {[0, 1, 2, 3, 4].slice(0, rows).map((row) => (
        <Skeleton key={row} className="h-16 rounded-xl" />
      ))}
    </div>
  );
}
