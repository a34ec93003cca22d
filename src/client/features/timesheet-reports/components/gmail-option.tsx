import { Send } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { gmailUsable, useGmailStatus } from '@/features/mail-account';

export function SettingsExportLink() {
  return (
    <Link href="/settings#export" className="font-medium text-primary underline underline-offset-4">
      Settings → Export
    </Link>
  );
}

export function GmailOption({ onChoose }: { onChoose: () => void }) {
  const status = useGmailStatus();

  if (status.isPending) {
    return (
      <div>
        <span role="status" className="sr-only">
          Checking your Gmail connection
        </span>
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (status.isError) {
    return (
      <RetryAlert query={status} className="rounded-lg border p-3">
        Your Gmail connection could not be checked.
      </RetryAlert>
    );
  }
  const gmail = status.data;
  // This server has no Google client set up: there is nothing to connect.
  if (!gmail.configured && !gmail.authorized) return null;
  if (gmailUsable(gmail)) {
    return (
      <div className="space-y-2">
        <Button className="w-full" aria-describedby="email-gmail-description" onClick={onChoose}>
          <Send aria-hidden="true" />
          Send with Gmail
        </Button>
        <p
          id="email-gmail-description"
          className="text-muted-foreground text-xs [overflow-wrap:anywhere]"
        >
          {gmail.email
            ? `Sends from ${gmail.email} with the report attached. You can review the message before it is sent.`
            : 'Sends from your connected Gmail account with the report attached. You can review the message before it is sent.'}
        </p>
      </div>
    );
  }
  return (
    <p className="rounded-lg border bg-muted p-3 text-sm">
      {gmail.needsReauth ? (
        <>
          Your Gmail connection needs reconnecting. Reconnect it in <SettingsExportLink /> to send
          reports from the app.
        </>
      ) : (
        <>
          Connect your Gmail account in <SettingsExportLink /> to send reports from the app.
        </>
      )}
    </p>
  );
}
