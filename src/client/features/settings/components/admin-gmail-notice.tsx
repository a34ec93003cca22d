import { Info } from 'lucide-react';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { useGmailStatus } from '@/features/mail-account';
import { AdminCommand } from './admin-command';

type Props = { status: ReturnType<typeof useGmailStatus> };

/**
 * docs/product/data.md#access; the console command:
 * docs/product/deviations.md#7-administrators-are-named-by-the-operator.
 */
export function GmailNotice({ status }: Props) {
  const { data } = status;
  if (!data) {
    if (!status.isError)
      return (
        <p role="status" className="text-muted-foreground text-sm">
          Checking your Gmail connection…
        </p>
      );
    return <RetryAlert query={status}>Could not check your Gmail connection.</RetryAlert>;
  }
  if (data.authorized && !data.needsReauth)
    return (
      <p className="text-muted-foreground text-sm">
        E-mails are sent from {data.email ?? 'your connected Gmail account'}.
      </p>
    );
  return (
    <div className="flex items-start gap-2 rounded-lg border border-border bg-muted p-3 text-sm">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 space-y-2">
        <p>
          <strong className="font-medium">
            Connect your Gmail account first to send password reset emails.
          </strong>{' '}
          <a href="#export" className="text-primary underline-offset-4 hover:underline">
            Connect Gmail on the Export tab
          </a>
        </p>
        <p className="text-muted-foreground">
          On a server without mail, run{' '}
          <AdminCommand>npm run admin -- reset-password EMAIL</AdminCommand> on the server's console
          instead: it prints a temporary password for that user.
        </p>
      </div>
    </div>
  );
}
