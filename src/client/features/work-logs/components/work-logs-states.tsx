import { ClipboardList, Plus, RotateCw, SearchAlert, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

export function WorkLogsSkeleton() {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm">
      <span className="sr-only" role="status">
        Loading work logs
      </span>
      <div className="grid gap-3">
        {[0, 1, 2, 3, 4].map((row) => (
          <div key={row} className="flex items-center gap-4">
            <Skeleton className="size-2.5 rounded-full" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="hidden h-4 w-28 sm:block" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-12" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function WorkLogsError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-card px-6 py-12 text-center"
    >
      <p className="font-medium">Failed to fetch work logs</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

/** The id of the refusal's message, which the search box points at while it shows. */
export const REFUSED_MESSAGE_ID = 'work-log-search-refused';

type RefusedProps = {
  message: string;
  hasSearch: boolean;
  onClearSearch: () => void;
  onClear: () => void;
};

/** A refused search or filter says why, not an empty list that suggests no log matches. */
export function WorkLogsRefused({ message, hasSearch, onClearSearch, onClear }: RefusedProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-card px-6 py-12 text-center"
    >
      <SearchAlert aria-hidden="true" className="size-10 text-destructive" />
      <h2 className="font-semibold text-lg">That search can't be run</h2>
      <p id={REFUSED_MESSAGE_ID} className="max-w-prose [overflow-wrap:anywhere]">
        {message}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {hasSearch ? (
          <Button variant="outline" onClick={onClearSearch}>
            Clear search
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    </div>
  );
}

type EmptyProps = { filtered: boolean; onNew: () => void; onClear: () => void };

/** docs/product/screens.md#work-logs: one text when filters or search hide every log, another when there are none. */
export function WorkLogsEmpty({ filtered, onNew, onClear }: EmptyProps) {
  const Icon = filtered ? SearchX : ClipboardList;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="font-semibold text-lg">No Work Logs Found</h2>
      <p className="text-muted-foreground">
        {filtered
          ? 'Try changing your filters or search term'
          : 'Get Started By Logging Your First Work Shift'}
      </p>
      {filtered ? (
        <Button variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      ) : (
        <Button onClick={onNew}>
          <Plus aria-hidden="true" />
          New Work Log
        </Button>
      )}
    </div>
  );
}

type PaginationProps = {
  offset: number;
  count: number;
  /** All logs matching the filters, once the count has arrived. */
  total?: number | undefined;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

/** Until the summary's total arrives the line says how far the page reaches. */
export function WorkLogsPagination({
  offset,
  count,
  total,
  hasNext,
  onPrevious,
  onNext,
}: PaginationProps) {
  const range = `${offset + 1}–${offset + count}`;
  const known = total ?? (hasNext ? undefined : offset + count);
  const text = known === undefined ? `Showing ${range}` : `Showing ${range} of ${known}`;
  return (
    <nav
      aria-label="Work log pages"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p role="status" className="text-muted-foreground tabular-nums">
        {text}
      </p>
      {offset > 0 || hasNext ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={offset === 0} onClick={onPrevious}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!hasNext} onClick={onNext}>
            Next
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
