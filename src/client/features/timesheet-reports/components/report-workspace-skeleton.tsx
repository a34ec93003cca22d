import { Skeleton } from '@/components/ui/skeleton';

/** The form's shape while its code or its data loads. */
export function ReportWorkspaceSkeleton() {
  return (
    <div className="grid gap-6">
      <span className="sr-only" role="status">
        Loading the report form
      </span>
      <Skeleton className="h-[26rem] rounded-xl" />
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}
