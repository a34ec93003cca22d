import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotionStatus } from '../api/notion-status';
import { NotionConnectForm } from './notion-connect-form';
import { NotionConnection } from './notion-connection';
import { NotionSetupSteps } from './notion-setup-steps';

/** Each saved work log is copied to a page of the user's database. */
export function NotionCard() {
  const status = useNotionStatus({ pollWhilePending: true });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notion</CardTitle>
        <CardDescription>
          Each work log you save is copied to a page in your Notion database. Hourbook stays the
          source: change your logs here, and Notion follows.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.data ? (
          status.data.connected ? (
            <NotionConnection
              status={status.data}
              checking={status.isFetching}
              onCheckAgain={() => void status.refetch()}
            />
          ) : (
            <div className="space-y-6">
              <NotionSetupSteps />
              <NotionConnectForm />
            </div>
          )
        ) : status.isError ? (
          // The same small "could not load, Retry" block as the mail account's status.
          <RetryAlert query={status}>Could not load the Notion connection.</RetryAlert>
        ) : (
          <div aria-busy="true" className="space-y-3">
            <p role="status" className="sr-only">
              Loading Notion connection
            </p>
            <Skeleton className="h-5 w-72 max-w-full" />
            <Skeleton className="h-10 w-full max-w-md" />
            <Skeleton className="h-10 w-36" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
