import { Skeleton } from '@/components/ui/skeleton';

/** The dialog's shape while the form (or the settings it reads) is on its way. */
export function FormSkeleton() {
  return (
    <div className="grid gap-5" role="status" aria-label="Loading the form">
      <div className="grid gap-5 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
      <Skeleton className="h-11" />
      <Skeleton className="h-16" />
    </div>
  );
}
