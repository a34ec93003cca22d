import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { followLink } from '@/lib/download';
import { downloadReport, reportFileName } from './report-download';
import { type EmailDraft, type EmailTarget, mailtoHref } from './report-email';

export type ManualEmail = { href: string; fileName: string; downloaded: boolean };

/** If the mail app cannot be opened, the file is still downloaded (docs/product/screens.md#messages). */
export function useManualEmail() {
  const [sent, setSent] = useState<ManualEmail | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (target: EmailTarget, draft: EmailDraft) => {
    if (busy) return;
    setBusy(true);
    const { outcome, fileName } = await downloadReport(
      target.downloadUrl,
      reportFileName(target.timesheet),
    );
    setBusy(false);
    const { to } = draft;
    const href = mailtoHref(to, draft.subject, draft.body);
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

  return { sent, busy, send };
}
