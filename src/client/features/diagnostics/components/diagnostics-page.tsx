import { RotateCw } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, NetworkError } from '@/lib/api-client';
import { useDiagnostics } from '../api/get-diagnostics';
import { BrowserFacts } from './browser-facts';
import { ServerFacts } from './server-facts';

/** Why the read failed, decided on the error's kind, never on its text. */
function failureHint(error: unknown): string {
  if (error instanceof NetworkError) return 'Could not reach the server. Check your connection.';
  if (error instanceof ApiError && error.status >= 500)
    return 'The server had a problem. Try again in a moment.';
  return 'Something went wrong. Try again.';
}

const skeletonCards = [
  [0, 1, 2, 3],
  [0, 1],
];

function DiagnosticsSkeleton() {
  return (
    <div aria-busy="true" className="contents">
      <p role="status" className="sr-only">
        Loading diagnostics
      </p>
      {skeletonCards.map((rows) => (
        <Card key={rows.length} className="space-y-4 p-6">
          <Skeleton className="h-6 w-1/3" />
          {rows.map((row) => (
            <Skeleton key={row} className="h-5 w-full" />
          ))}
        </Card>
      ))}
    </div>
  );
}

type FailedProps = { error: unknown; retrying: boolean; onRetry: () => void };

function DiagnosticsFailed({ error, retrying, onRetry }: FailedProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-2 rounded-xl border border-destructive/40 px-4 py-8 text-center lg:col-span-2"
    >
      <p className="font-medium">Could not load the diagnostics</p>
      <p className="text-muted-foreground text-sm">{failureHint(error)}</p>
      {error instanceof ApiError ? (
        <p className="text-muted-foreground text-xs [overflow-wrap:anywhere]">
          {error.status}: {error.serverMessage}
        </p>
      ) : null}
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        {retrying ? null : <RotateCw aria-hidden="true" />}
        Retry
      </Button>
    </div>
  );
}

/** /test (docs/product/deviations.md#6-test-is-a-diagnostics-page): what this instance runs on and what the user has connected. */
export function DiagnosticsPage() {
  const { data, error, isError, isFetching, refetch } = useDiagnostics();
  return (
    <>
      <PageHeader
        title="Diagnostics"
        subtitle="Version, database mode, mail and Notion connection state"
        actions={
          data ? (
            <Button variant="outline" onClick={() => void refetch()} loading={isFetching}>
              {isFetching ? null : <RotateCw aria-hidden="true" />}
              Check again
            </Button>
          ) : null
        }
      />
      {data && isError && !isFetching ? (
        <FormAlert className="mb-4">
          Could not check again, so this is the last state read. {failureHint(error)}
        </FormAlert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {data ? (
          <ServerFacts data={data} />
        ) : isError ? (
          <DiagnosticsFailed error={error} retrying={isFetching} onRetry={() => void refetch()} />
        ) : (
          <DiagnosticsSkeleton />
        )}
        <BrowserFacts />
      </div>
    </>
  );
}

export default DiagnosticsPage;
