import { Skeleton } from '@/components/ui/skeleton';

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
