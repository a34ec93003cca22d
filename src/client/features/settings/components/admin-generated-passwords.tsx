import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import type { AdminTemporaryPassword } from '../../../../shared/schemas/mail-account.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import { userTimeZone } from '../user-time-zone';

type Props = {
  passwords: readonly AdminTemporaryPassword[];
  settings: Pick<Settings, 'timeFormat' | 'timeZone'> | null | undefined;
};

/** docs/product/screens.md#settings. */
export function GeneratedPasswords({ passwords, settings }: Props) {
  if (passwords.length === 0) return null;
  const clock = new Intl.DateTimeFormat(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: (settings?.timeFormat ?? '12-hour') === '12-hour',
    timeZone: userTimeZone(settings),
  });
  return (
    <section aria-labelledby="admin-generated-heading" className="space-y-2">
      <h3 id="admin-generated-heading" className="font-medium text-sm">
        Generated temporary passwords
      </h3>
      <ul className="divide-y rounded-lg border">
        {passwords.map((entry) => (
          <li
            key={entry.userEmail}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm"
          >
            {/* The address takes its own line on a phone; beside the password from 640 px. */}
            <div className="min-w-0 basis-full space-y-1 sm:basis-0 sm:flex-1">
              <p className="[overflow-wrap:anywhere]">{entry.userEmail}</p>
              <p className="text-muted-foreground text-xs">
                Expires at {clock.format(new Date(entry.expiresAt))}
              </p>
            </div>
            <p>
              <span className="sr-only">Temporary password: </span>
              <code className="select-all rounded bg-muted px-2 py-1 font-mono">
                {entry.temporaryPassword}
              </code>
            </p>
            <CopyButton entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CopyButton({ entry }: { entry: AdminTemporaryPassword }) {
  const { copied, copy } = useCopyToClipboard();

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void copy(entry.temporaryPassword)}
      aria-label={`${copied ? 'Copied' : 'Copy'} temporary password for ${entry.userEmail}`}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
