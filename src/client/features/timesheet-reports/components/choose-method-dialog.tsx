import { Mail } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { gmailUsable, useGmailStatus } from '@/features/mail-account';
import { GmailOption } from './gmail-option';
import type { EmailDraft, EmailTarget } from './report-email';
import { GeneratedTotals, reportDescription } from './report-generated-dialog';
import { useManualEmail } from './use-manual-email';

type ChooseMethodDialogProps = {
  open: boolean;
  target: EmailTarget;
  draft: EmailDraft;
  onGmail: () => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** Gmail, or the local mail app: the file is downloaded and a mailto: opens to attach it to. */
export function ChooseMethodDialog({
  open,
  target,
  draft,
  onGmail,
  onClose,
  onCloseAutoFocus,
}: ChooseMethodDialogProps) {
  const manual = useManualEmail();
  const { sent, busy } = manual;
  const againLink = useRef<HTMLAnchorElement>(null);
  // The chosen method's button is gone once it has run: focus moves to what replaced it.
  useEffect(() => {
    if (sent) againLink.current?.focus();
  }, [sent]);
  const { to } = draft;
  // The first offer is the primary button: Gmail when it can send, else the manual path.
  const gmailFirst = gmailUsable(useGmailStatus().data);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Email the Report</DialogTitle>
          <DialogDescription>{reportDescription(target.timesheet)}</DialogDescription>
        </DialogHeader>
        <GeneratedTotals timesheet={target.timesheet} />
        {sent ? (
          <div role="status" className="space-y-3 rounded-lg border bg-muted p-3 text-sm">
            <p className="[overflow-wrap:anywhere]">
              {sent.downloaded
                ? `${sent.fileName} was downloaded. Attach it to the message to ${to} in your email app, then send it.`
                : `Save the report from the tab that opened, then attach it to the message to ${to} in your email app.`}
            </p>
            <Button asChild variant="outline" size="sm">
              <a ref={againLink} href={sent.href}>
                <Mail aria-hidden="true" />
                Open the email again
              </a>
            </Button>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="font-medium text-sm [overflow-wrap:anywhere]">
              {to.trim()
                ? `How would you like to send it to ${to}?`
                : 'How would you like to send it?'}
            </p>
            <GmailOption onChoose={onGmail} />
            <div className="space-y-2">
              <Button
                variant={gmailFirst ? 'outline' : 'default'}
                className="w-full"
                aria-disabled={busy || undefined}
                aria-busy={busy || undefined}
                aria-describedby="email-manual-description"
                onClick={() => void manual.send(target, draft)}
              >
                {busy ? <Spinner label={null} className="size-4" /> : <Mail aria-hidden="true" />}
                Download and email manually
              </Button>
              <p id="email-manual-description" className="text-muted-foreground text-xs">
                Downloads the file and opens your email app with the message written; you attach the
                file.
              </p>
            </div>
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant={sent ? 'default' : 'outline'}>{sent ? 'Done' : 'Cancel'}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
