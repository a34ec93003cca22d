import { CloudCheck, LoaderCircle, RotateCw, TriangleAlert } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import type { NotionSync } from '../../../../shared/schemas/notion.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { useRetryWorkLogSync } from './use-retry-work-log-sync';
import { logLabel } from './work-log-label';

/** What a log's mark says, to screen readers and in its tooltip; null when Notion is off. */
export function notionSyncText({ state, error }: NotionSync): string | null {
  if (state === 'pending') return 'Syncing to Notion';
  if (state === 'synced') return 'Synced to Notion';
  if (state === 'failed') return `Not synced to Notion: ${error || 'Unknown error'}`;
  return null;
}

const icons = {
  pending: <LoaderCircle className="motion-safe:animate-spin" />,
  synced: <CloudCheck />,
  failed: <TriangleAlert />,
} as const;

export function NotionSyncBadge({ workLog, className }: { workLog: WorkLog; className?: string }) {
  const retry = useRetryWorkLogSync();
  const reasonId = useId();
  const frame = useRef<HTMLSpanElement>(null);
  const { state } = workLog.notionSync;
  const text = notionSyncText(workLog.notionSync);
  if (state === 'off' || text === null) return null;

  const onRetry = () => {
    // The button gives way to the spinner: focus stays on the mark instead of falling to the page.
    frame.current?.focus();
    void retry(workLog);
  };

  return (
    <span
      ref={frame}
      tabIndex={-1}
      className={cn('inline-flex items-center gap-0.5 rounded-sm outline-none', className)}
    >
      {state === 'failed' ? (
        // The reason, for touch and keyboard too: the mark opens it.
        <Popover>
          <PopoverTrigger asChild>
            <button
              type="button"
              id={reasonId}
              aria-label={text}
              title={text}
              className="inline-flex size-7 items-center justify-center rounded-sm text-destructive outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-3.5"
            >
              {icons.failed}
            </button>
          </PopoverTrigger>
          <PopoverContent className="w-72 space-y-1 text-sm">
            <p className="font-medium">Not synced to Notion</p>
            <p className="text-muted-foreground [overflow-wrap:anywhere]">
              {workLog.notionSync.error || 'Unknown error'}
            </p>
          </PopoverContent>
        </Popover>
      ) : (
        <span
          id={reasonId}
          role="img"
          aria-label={text}
          title={text}
          className="inline-flex text-muted-foreground [&_svg]:size-3.5"
        >
          {icons[state]}
        </span>
      )}
      {state === 'failed' ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-7 [&_svg]:size-3.5"
          aria-label={`Retry Notion sync for ${logLabel(workLog)}`}
          aria-describedby={reasonId}
          title="Retry"
          onClick={onRetry}
        >
          <RotateCw aria-hidden="true" />
        </Button>
      ) : null}
    </span>
  );
}
