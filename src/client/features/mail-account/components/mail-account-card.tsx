import { CircleAlert, CircleCheck, Mail, Unplug } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import type { GmailStatus } from '../../../../shared/schemas/mail-account.ts';
import { useGmailStatus } from '../api/gmail-status';
import { gmailUsable } from '../gmail-usable';
import { ActionButton } from './mail-account-action-button';
import { useGmailConnect } from './use-gmail-connect';

const disconnectLabels = {
  idle: 'Disconnect',
  saving: 'Disconnecting...',
  saved: 'Disconnected',
  error: 'Try Again',
} as const;

/** docs/product/screens.md#settings. */
export function MailAccountCard() {
  const status = useGmailStatus({ live: true });
  const connected = gmailUsable(status.data);
  const gmail = useGmailConnect({ connected });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Mail account</CardTitle>
        <CardDescription>
          Connect your Gmail account to send timesheets from your own address. Administrators also
          use it to send temporary passwords.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.data ? (
          <StatusView status={status.data} gmail={gmail} />
        ) : status.isError ? (
          <RetryAlert query={status}>Could not load the mail account status.</RetryAlert>
        ) : (
          <div aria-busy="true" className="space-y-3">
            <p role="status" className="sr-only">
              Loading mail account status
            </p>
            <Skeleton className="h-5 w-64 max-w-full" />
            <Skeleton className="h-10 w-36" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

type StatusViewProps = { status: GmailStatus; gmail: ReturnType<typeof useGmailConnect> };

function StatusView({ status, gmail }: StatusViewProps) {
  const { connectState, disconnectState } = gmail;
  const connected = gmailUsable(status);
  const hasAccount = status.authorized || status.needsReauth;
  // A button in the middle of its states stays until it is idle again, whatever the status says.
  const showConnect =
    connectState !== 'idle' || (status.configured && !connected && disconnectState === 'idle');
  const showDisconnect = disconnectState !== 'idle' || (hasAccount && connectState === 'idle');

  return (
    <div className="space-y-4">
      <div role="status" className="space-y-1 text-sm">
        <StatusLine status={status} />
        {connectState === 'saving' ? (
          <p className="text-muted-foreground">Finish signing in to Google in the pop-up window.</p>
        ) : null}
      </div>
      {showConnect || showDisconnect ? (
        <div className="flex flex-wrap gap-2">
          {showConnect ? (
            <ActionButton
              state={connectState}
              labels={{
                idle: status.needsReauth ? 'Reconnect Gmail' : 'Connect Gmail',
                saving: 'Connecting...',
                saved: 'Connected',
                error: 'Try Again',
              }}
              icon={<Mail aria-hidden="true" />}
              onClick={gmail.connect}
            />
          ) : null}
          {showDisconnect ? (
            <ActionButton
              state={disconnectState}
              labels={disconnectLabels}
              icon={<Unplug aria-hidden="true" />}
              variant="outline"
              onClick={gmail.disconnect}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function StatusLine({ status }: { status: GmailStatus }) {
  if (!status.configured && !status.authorized)
    return (
      <>
        <Line icon={<CircleAlert aria-hidden="true" className="text-muted-foreground" />}>
          Gmail is not set up on this server.
        </Line>
        <p className="text-muted-foreground">
          The server's administrator sets <Code>GMAIL_CLIENT_ID</Code> and{' '}
          <Code>GMAIL_CLIENT_SECRET</Code> (see the README). Until then, download timesheets and
          send them from your own mail app.
        </p>
      </>
    );
  if (status.needsReauth)
    return (
      <Line icon={<CircleAlert aria-hidden="true" className="text-warning" />}>
        Gmail authorization expired — reconnect
        {status.email ? ` ${status.email}` : ' your account'} to send e-mail again.
      </Line>
    );
  if (status.authorized)
    return (
      <Line icon={<CircleCheck aria-hidden="true" className="text-success" />}>
        {status.email ? (
          <>
            Connected as <strong className="font-medium">{status.email}</strong>
          </>
        ) : (
          'Connected'
        )}
      </Line>
    );
  return (
    <Line icon={<Mail aria-hidden="true" className="text-muted-foreground" />}>
      Not connected. You can still download timesheets and send them from your own mail app.
    </Line>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
      {icon}
      <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
    </p>
  );
}

function Code({ children }: { children: string }) {
  return <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{children}</code>;
}
