import { Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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
import { toast } from '@/components/ui/use-toast';
import { followLink } from '@/lib/download';
import { downloadReport, reportFileName } from './report-download';
import { mailtoHref, reportEmailBody, reportEmailSubject } from './report-email';
import { GeneratedTotals, reportDescription } from './report-generated-dialog';
import type { GeneratedReport } from './use-generate-report';

type EmailMethodDialogProps = {
  report: GeneratedReport | null;
  /** Signs the cover note. */
  senderName: string;
  onClose: () => void;
};

type Sent = { href: string; fileName: string; downloaded: boolean };

/**
 * SPEC.md §2 'choose e-mail method', shown after generating with "Email report" on. Sending
 * through a connected mail account comes with that feature; until then the one method is the
 * local mail app: the file is downloaded and a mailto: message opens for the user to attach it.
 */
export function EmailMethodDialog({ report, senderName, onClose }: EmailMethodDialogProps) {
  const [sent, setSent] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);
  const againLink = useRef<HTMLAnchorElement>(null);
  // The chosen method's button is gone once it has run: focus moves to what replaced it.
  useEffect(() => {
    if (sent) againLink.current?.focus();
  }, [sent]);
  const open = report?.request.emailReport === true;
  const to = report?.request.emailTo ?? '';

  const sendManually = async () => {
    if (!report || busy) return;
    setBusy(true);
    const { timesheet } = report;
    const { outcome, fileName } = await downloadReport(
      report.downloadUrl,
      reportFileName(timesheet),
    );
    setBusy(false);
    const href = mailtoHref(
      to,
      reportEmailSubject(timesheet),
      reportEmailBody({ ...timesheet, senderName }),
    );
    setSent({ href, fileName, downloaded: outcome === 'saved' });
    try {
      followLink(href);
    } catch {
      toast({
        title: 'Email Error',
        description: `Your email app could not be opened. ${fileName} was downloaded: attach it to an email to ${to} manually.`,
        variant: 'destructive',
      });
      return;
    }
    // A failed download has said so already; this toast would hide it.
    if (outcome === 'saved') {
      toast({
        title: 'Attach the report',
        description: `Your email app should open with a message to ${to}. Attach ${fileName}, which was just downloaded.`,
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        setSent(null);
        onClose();
      }}
    >
      <DialogContent className="sm:max-w-md">
        {report ? (
          <>
            <DialogHeader>
              <DialogTitle>Email the Report</DialogTitle>
              <DialogDescription>{reportDescription(report.timesheet)}</DialogDescription>
            </DialogHeader>
            <GeneratedTotals timesheet={report.timesheet} />
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
              <div className="space-y-2">
                <p className="font-medium text-sm">How would you like to send it to {to}?</p>
                <Button
                  className="w-full"
                  aria-disabled={busy || undefined}
                  aria-busy={busy || undefined}
                  aria-describedby="email-manual-description"
                  onClick={sendManually}
                >
                  {busy ? <Spinner label={null} className="size-4" /> : <Mail aria-hidden="true" />}
                  Download and email manually
                </Button>
                <p id="email-manual-description" className="text-muted-foreground text-xs">
                  Downloads the file and opens your email app with the message written; you attach
                  the file.
                </p>
              </div>
            )}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant={sent ? 'default' : 'outline'}>{sent ? 'Done' : 'Cancel'}</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
