import { CalendarPlus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyField } from '@/components/ui/copy-field';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDisplayDate } from '../../../../shared/domain/format.ts';
import { CALENDAR_FEED_WINDOW } from '../../../../shared/schemas/calendar-feed.ts';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/calendar-feed';

function failed(error: unknown, fallback: string) {
  if (isSessionEnded(error)) return;
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}

/** The new URL, shown this once: only its hash is kept (docs/decisions/047). */
function NewFeedUrl({ url }: { url: string }) {
  return (
    <CopyField
      id="calendar-feed-url"
      label="Your calendar URL"
      hint="Copy it now: it is shown only this once. Anyone with it can see your shifts, so keep it private."
      value={url}
      what="calendar URL"
    />
  );
}

/** A private iCalendar URL for calendar apps: made, replaced and revoked here. */
export function CalendarFeedCard() {
  const state = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'replace' | 'revoke' | null>(null);

  function makeUrl() {
    create.mutate(undefined, {
      onSuccess: (created) => {
        setConfirm(null);
        setUrl(`${window.location.origin}${created.path}`);
      },
      onError: (error) => failed(error, 'Failed to make the calendar URL. Please try again.'),
    });
  }

  function revokeUrl() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setConfirm(null);
        setUrl(null);
        toast({
          title: 'Calendar URL Revoked',
          description: 'Calendars subscribed to it no longer get your shifts.',
          variant: 'success',
        });
      },
      onError: (error) => failed(error, 'Failed to revoke the calendar URL. Please try again.'),
    });
  }

  const feed = state.data?.feed;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feed</CardTitle>
        <CardDescription>
          Subscribe to your shifts and paydays in Google Calendar, Apple Calendar or Outlook with a
          private URL. It lists the last {CALENDAR_FEED_WINDOW.monthsBack} months and the next{' '}
          {CALENDAR_FEED_WINDOW.monthsAhead}; calendar apps refresh it on their own schedule.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {state.data ? (
          <>
            {url ? (
              <NewFeedUrl url={url} />
            ) : feed ? (
              <p className="text-sm text-muted-foreground">
                A calendar URL was made on {formatDisplayDate(feed.createdAt.slice(0, 10))}. It is
                not shown again: make a new one if you need it (the old one stops working).
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">You have no calendar URL.</p>
            )}
            <div className="flex flex-wrap gap-2">
              {feed ? (
                <>
                  <Button variant="outline" onClick={() => setConfirm('replace')}>
                    <RefreshCw aria-hidden="true" />
                    New URL
                  </Button>
                  <Button variant="outline" onClick={() => setConfirm('revoke')}>
                    <Trash2 aria-hidden="true" />
                    Revoke
                  </Button>
                </>
              ) : (
                <Button onClick={makeUrl} disabled={create.isPending}>
                  <CalendarPlus aria-hidden="true" />
                  {create.isPending ? 'Making...' : 'Make calendar URL'}
                </Button>
              )}
            </div>
          </>
        ) : state.isError ? (
          <RetryAlert query={state}>Could not load the calendar feed.</RetryAlert>
        ) : (
          <div aria-busy="true" className="space-y-3">
            <p role="status" className="sr-only">
              Loading calendar feed
            </p>
            <Skeleton className="h-5 w-72 max-w-full" />
            <Skeleton className="h-10 w-44" />
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(next) => {
          if (!create.isPending && !revoke.isPending && !next) setConfirm(null);
        }}
        title={confirm === 'replace' ? 'Make a new calendar URL?' : 'Revoke the calendar URL?'}
        description={
          confirm === 'replace'
            ? 'The current URL stops working at once: calendars subscribed to it must be given the new one.'
            : 'The URL stops working at once: calendars subscribed to it no longer get your shifts.'
        }
        confirmLabel={confirm === 'replace' ? 'Make new URL' : 'Revoke'}
        pendingLabel={confirm === 'replace' ? 'Making...' : 'Revoking...'}
        variant={confirm === 'replace' ? 'default' : 'destructive'}
        pending={create.isPending || revoke.isPending}
        onConfirm={confirm === 'replace' ? makeUrl : revokeUrl}
      />
    </Card>
  );
}
