import { Link } from 'wouter';
import type { NotionStatus } from '../../../../shared/schemas/notion.ts';

const logs = (count: number) => (count === 1 ? 'work log' : 'work logs');

/** Failed logs are explained and retried one by one on the Work Logs page. */
export function NotionSyncProgress({ status }: { status: NotionStatus }) {
  const { synced, total, pending, failed } = status;
  if (total === 0)
    return (
      <p className="text-muted-foreground text-sm">
        No work logs yet: each one you save is copied to Notion.
      </p>
    );
  const percent = Math.min(100, Math.round((synced / total) * 100));

  return (
    <div className="space-y-2 text-sm">
      <p id="notion-sync-count">
        {synced} of {total} {logs(total)} in Notion
      </p>
      {pending > 0 ? (
        <>
          <div
            role="progressbar"
            aria-labelledby="notion-sync-count"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={synced}
            className="h-2 w-full max-w-md overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-muted-foreground">
            Copying in the background; you can leave this page.
          </p>
        </>
      ) : null}
      {failed > 0 ? (
        <p>
          {failed} {logs(failed)} could not be copied. The{' '}
          <Link
            href="/work-logs"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Work Logs page
          </Link>{' '}
          shows why and has Retry.
        </p>
      ) : null}
    </div>
  );
}
